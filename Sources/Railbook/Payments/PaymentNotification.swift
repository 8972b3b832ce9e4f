import HTTP
import Secrets

/// The provider's message that a payment went through, posted to `/payments/notify` as
/// urlencoded fields and signed with the shared payments key (HMAC-SHA-256 over `canonical`).
struct PaymentNotification: Sendable, Equatable {
    /// The only status the provider reports.
    static let paid = "paid"
    /// The form fields, in the order the provider sends them.
    static let fieldNames = ["reference", "amount_fen", "status", "timestamp", "signature"]

    let reference: String
    let amountFen: Int
    let status: String
    /// Unix seconds when the provider sent it.
    let timestamp: Int

    /// The signed text: a version line, then each field on its own line, in a fixed order.
    /// Fields are restricted (URL-safe reference, digits, lower-case status) so no two
    /// notifications share a canonical string.
    var canonical: String {
        "railbook-pay/1\n\(reference)\n\(amountFen)\n\(status)\n\(timestamp)"
    }

    /// The signature made with `key`: URL-safe base64 without padding.
    func signature(with key: HMACKey) -> String {
        key.sign(canonical)
    }

    /// The urlencoded body the provider posts, signature included.
    func body(signedWith key: HMACKey) -> String {
        let values = [reference, String(amountFen), status, String(timestamp), signature(with: key)]
        return zip(Self.fieldNames, values).map { $0 + "=" + PercentEncoding.encode($1) }.joined(separator: "&")
    }

    /// Reads the fields of a posted notification; nil when one is missing or malformed.
    init?(form: Parameters) {
        guard let reference = form["reference"], (1...64).contains(reference.utf8.count),
            reference.utf8.allSatisfy(Self.isReferenceByte),
            let amountText = form["amount_fen"], amountText.utf8.count <= 12, amountText.utf8.allSatisfy(Self.isDigit),
            let amountFen = Int(amountText),
            let status = form["status"], (1...20).contains(status.utf8.count), status.utf8.allSatisfy({ (0x61...0x7A).contains($0) }),
            let timestampText = form["timestamp"], timestampText.utf8.count <= 12, timestampText.utf8.allSatisfy(Self.isDigit),
            let timestamp = Int(timestampText)
        else { return nil }
        self.init(reference: reference, amountFen: amountFen, status: status, timestamp: timestamp)
    }

    /// A notification from its parts.
    init(reference: String, amountFen: Int, status: String, timestamp: Int) {
        self.reference = reference
        self.amountFen = amountFen
        self.status = status
        self.timestamp = timestamp
    }

    /// How far the notification's timestamp may be from the receiver's clock, either way: a signed
    /// notification captured and replayed later is refused once this has passed.
    static let freshness = 5 * 60

    /// True when the notification was sent within `freshness` seconds of `now`.
    func isFresh(now: Int) -> Bool {
        abs(now - timestamp) <= Self.freshness
    }

    /// True when `signature` was made with `key` for exactly these fields (checked in constant time by libsodium).
    func isSigned(_ signature: String, with key: HMACKey) -> Bool {
        key.verify(signature, for: canonical)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func isReferenceByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
    }
}
