import Glibc
import Synchronization

/// How the server's lines are written: `text` (the default, for people) or `json` (one object per
/// line, for log collectors). Chosen once at start-up for the whole process.
public enum LogFormat: Int, Sendable {
    case text = 0
    case json = 1

    private static let current = Atomic<Int>(LogFormat.text.rawValue)

    /// The format every line of this process is written in.
    public static var chosen: LogFormat {
        get { LogFormat(rawValue: current.load(ordering: .relaxed)) ?? .text }
        set { current.store(newValue.rawValue, ordering: .relaxed) }
    }
}

/// One JSON log line, built field by field without Foundation (it is written on the request path):
/// `{"time":"2026-12-07T06:12:01.123Z","level":"info",...}`.
public struct JSONLogLine {
    private var bytes: [UInt8]

    /// A line with the current time and `level` ("info", "warning", "error").
    public init(level: String) {
        bytes = []
        bytes.reserveCapacity(256)
        bytes += #"{"time":""#.utf8
        Self.appendNow(to: &bytes)
        bytes += #"","level":""#.utf8
        bytes += level.utf8
        bytes.append(UInt8(ascii: "\""))
    }

    /// Adds a text field, escaped for JSON.
    public mutating func add(_ name: String, _ value: String) {
        key(name)
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += #"\""#.utf8
            case UInt8(ascii: "\\"): bytes += #"\\"#.utf8
            case 0..<0x20, 0x7F:
                bytes += #"\u00"#.utf8
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0xF))
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Adds a number field.
    public mutating func add(_ name: String, _ value: some BinaryInteger) {
        key(name)
        bytes += String(value).utf8
    }

    /// Adds a decimal number field with three places (a duration in milliseconds).
    public mutating func add(_ name: String, thousandths value: UInt64) {
        key(name)
        bytes += String(value / 1000).utf8
        bytes.append(UInt8(ascii: "."))
        let fraction = String(value % 1000)
        bytes += repeatElement(UInt8(ascii: "0"), count: 3 - fraction.utf8.count)
        bytes += fraction.utf8
    }

    /// The line, closed, with its newline.
    public var utf8: [UInt8] { bytes + "}\n".utf8 }

    private mutating func key(_ name: String) {
        bytes += #",""#.utf8
        bytes += name.utf8
        bytes += #"":"#.utf8
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// Appends the time now in UTC, to the millisecond, as ISO 8601.
    private static func appendNow(to bytes: inout [UInt8]) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec, parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) {
            bytes.append(UInt8(ascii: "0") + UInt8(value / 10 % 10))
            bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
        }
        bytes += String(parts.tm_year + 1900).utf8
        bytes.append(UInt8(ascii: "-"))
        two(parts.tm_mon + 1)
        bytes.append(UInt8(ascii: "-"))
        two(parts.tm_mday)
        bytes.append(UInt8(ascii: "T"))
        two(parts.tm_hour)
        bytes.append(UInt8(ascii: ":"))
        two(parts.tm_min)
        bytes.append(UInt8(ascii: ":"))
        two(parts.tm_sec)
        bytes.append(UInt8(ascii: "."))
        let milliseconds = Int32(now.tv_nsec / 1_000_000)
        bytes.append(UInt8(ascii: "0") + UInt8(milliseconds / 100))
        two(milliseconds % 100)
        bytes.append(UInt8(ascii: "Z"))
    }
}

/// Writes whole lines to a descriptor in one `write` each, so lines of several threads never interleave.
public enum LogWriter {
    public static func write(_ line: [UInt8], to descriptor: Int32) {
        _ = line.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }
}
