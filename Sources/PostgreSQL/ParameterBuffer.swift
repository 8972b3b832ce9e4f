import Storage

/// The values of one statement call laid out as libpq takes them: text format (NUL-terminated
/// in one buffer) for integers, reals and text, binary format for blobs, a null pointer for NULL.
struct ParameterBuffer {
    private var storage: [UInt8] = [0]
    private var offsets: [Int?] = []
    private var lengths: [Int32] = []
    private var formats: [Int32] = []

    /// Encodes the values; throws `22021` for text holding NUL, which libpq would cut short.
    init(_ values: [SQLValue], sql: String) throws {
        for (index, value) in values.enumerated() {
            switch value {
            case .null:
                append(nil, format: 0)
            case .integer(let integer):
                append(Array(String(integer).utf8) + [0], format: 0)
            case .real(let real):
                append(Array(Self.text(of: real).utf8) + [0], format: 0)
            case .text(let text):
                let bytes = Array(text.utf8)
                guard !bytes.contains(0) else {
                    throw PostgresError(
                        sqlState: SQLState.characterNotInRepertoire,
                        message: "value \(index + 1) is text holding a NUL character, which PostgreSQL cannot store",
                        sql: sql
                    )
                }
                append(bytes + [0], format: 0)
            case .blob(let bytes):
                append(bytes, format: 1)
            }
        }
    }

    /// Calls `body` with the value pointers, lengths and formats, valid only during the call.
    func withPointers<Result>(
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> Result
    ) -> Result {
        storage.withUnsafeBufferPointer { buffer in
            let start = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            let pointers: [UnsafePointer<CChar>?] = offsets.map { $0.map { start + $0 } }
            return pointers.withUnsafeBufferPointer { pointers in
                lengths.withUnsafeBufferPointer { lengths in
                    formats.withUnsafeBufferPointer { formats in
                        body(pointers.baseAddress, lengths.baseAddress, formats.baseAddress)
                    }
                }
            }
        }
    }

    private mutating func append(_ bytes: [UInt8]?, format: Int32) {
        if let bytes {
            offsets.append(storage.count)
            storage.append(contentsOf: bytes)
            // The length counts for binary values only; text values end at their NUL.
            lengths.append(Int32(format == 1 ? bytes.count : bytes.count - 1))
        } else {
            offsets.append(nil)
            lengths.append(0)
        }
        formats.append(format)
    }

    /// PostgreSQL spells the special values `NaN`, `Infinity` and `-Infinity`; the rest as Swift
    /// does, the shortest text that reads back as the same double.
    private static func text(of real: Double) -> String {
        if real.isNaN { return "NaN" }
        if real.isInfinite { return real < 0 ? "-Infinity" : "Infinity" }
        return "\(real)"
    }
}
