import Synchronization

/// The id that ties a request to its log lines and to what its client is told: taken from the
/// request's `X-Request-Id` when that is fit to be logged (a proxy in front may have set it), else
/// made here. The server puts the id it chose into the request's headers (so the application reads
/// that one) and echoes it in the response.
public enum RequestID {
    /// The header that carries the id, both ways.
    public static let headerName = "X-Request-Id"
    /// The longest id taken from a client; a longer one is replaced.
    public static let maximumLength = 128

    /// This process's part of the ids it makes, random at start-up, so that ids from several
    /// servers behind one balancer do not repeat.
    private static let prefix: String = {
        let hex = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }()
    private static let counter = Atomic<UInt64>(0)

    /// `sent` if it is an id fit to be logged and echoed: 1–128 letters, digits and `-_.:+/=@`
    /// (no spaces, quotes or control characters); nil otherwise.
    public static func accepted(_ sent: String?) -> String? {
        guard let sent, !sent.isEmpty, sent.utf8.count <= maximumLength else { return nil }
        for byte in sent.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                continue
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "+"), UInt8(ascii: "/"),
                UInt8(ascii: "="), UInt8(ascii: "@"):
                continue
            default:
                return nil
            }
        }
        return sent
    }

    /// A new id: this process's prefix and a count ("3f9a1c0d-1b").
    public static func make() -> String {
        let count = counter.wrappingAdd(1, ordering: .relaxed).newValue
        return prefix + "-" + String(count, radix: 16)
    }

    /// The id of a request with `headers`: the one it sent when fit, else a new one.
    public static func of(_ headers: Headers) -> String {
        accepted(headers[headerName]) ?? make()
    }
}
