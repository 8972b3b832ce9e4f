import CPostgres
import Storage

/// Turns one column value in PostgreSQL's text format into a `SQLValue`, by its type.
///
/// int2/int4/int8/oid → integer; bool → integer 0 or 1 (as SQLite stores booleans); float4/float8
/// → real; numeric → integer when it is a whole number that fits (so `SUM` of a bigint column,
/// which PostgreSQL types as numeric, reads as SQLite's integer sum does), else real; bytea (hex)
/// → blob; void → NULL; every other type (text, varchar, bpchar, dates, json…) → its text.
enum ColumnDecoding {
    static func value(type: Oid, bytes: UnsafeBufferPointer<UInt8>) -> SQLValue {
        switch type {
        case TypeOID.int2, TypeOID.int4, TypeOID.int8, TypeOID.oid:
            if let integer = integer(bytes) { return .integer(integer) }
            return .text(text(bytes))
        case TypeOID.bool:
            return .integer(bytes.first == UInt8(ascii: "t") ? 1 : 0)
        case TypeOID.float4, TypeOID.float8:
            return real(bytes)
        case TypeOID.numeric:
            if let integer = integer(bytes) { return .integer(integer) }
            return real(bytes)
        case TypeOID.bytea:
            return .blob(hexBytes(bytes))
        case TypeOID.void:
            return .null
        default:
            return .text(text(bytes))
        }
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    private static func real(_ bytes: UnsafeBufferPointer<UInt8>) -> SQLValue {
        Double(text(bytes)).map(SQLValue.real) ?? .text(text(bytes))
    }

    /// An optionally signed run of decimal digits that fits in `Int64`, else nil.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var digits = bytes[...]
        let isNegative = digits.first == UInt8(ascii: "-")
        if isNegative { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var magnitude: UInt64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
        }
        if isNegative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// bytea's text format since PostgreSQL 9.0: `\x` and two hex digits per byte.
    private static func hexBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard bytes.count >= 2 else { return [] }
        var result = [UInt8]()
        result.reserveCapacity((bytes.count - 2) / 2)
        var index = 2
        while index + 1 < bytes.count {
            result.append(nibble(bytes[index]) << 4 | nibble(bytes[index + 1]))
            index += 2
        }
        return result
    }

    private static func nibble(_ digit: UInt8) -> UInt8 {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: digit - UInt8(ascii: "A") + 10
        }
    }
}
