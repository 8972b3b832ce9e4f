/// Writes protocol buffers (the wire format): the few field kinds the GTFS Realtime messages use.
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    /// A varint field (`uint32`, `uint64`, an enum).
    mutating func unsigned(_ field: Int, _ value: UInt64) {
        key(field, wireType: 0)
        varint(value)
    }

    /// An `int32` or `int64` field: a negative value is written as its 64-bit two's complement, as
    /// the format says.
    mutating func signed(_ field: Int, _ value: Int) {
        key(field, wireType: 0)
        varint(UInt64(bitPattern: Int64(value)))
    }

    mutating func string(_ field: Int, _ value: String) {
        lengthDelimited(field, Array(value.utf8))
    }

    /// An embedded message written by `build`.
    mutating func message(_ field: Int, _ build: (inout ProtobufWriter) -> Void) {
        var inner = ProtobufWriter()
        build(&inner)
        lengthDelimited(field, inner.bytes)
    }

    private mutating func lengthDelimited(_ field: Int, _ value: [UInt8]) {
        key(field, wireType: 2)
        varint(UInt64(value.count))
        bytes += value
    }

    private mutating func key(_ field: Int, wireType: Int) {
        varint(UInt64(field << 3 | wireType))
    }

    private mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}
