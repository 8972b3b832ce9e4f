import HTTP
import Secrets

/// The key of one showing of a form that changes something (book, change a ticket, join a
/// waitlist, check out): a hidden `request_key` field, new each time the page is shown. The answer
/// the form got is kept under it in the same transaction as the change (`FormAnswer`), so the same
/// form sent again — its answer lost to a dropped connection or a server or database that went
/// away mid-request — is not done twice but gets the first answer.
struct FormKey: Sendable, Equatable {
    static let fieldName = "request_key"
    let value: String

    /// A new key for a form about to be shown: 128 random bits.
    static func new() -> FormKey { FormKey(value: Token.random(byteCount: 16)) }

    /// The key `form` was sent with: nil when it has none (a client that leaves the field out is
    /// not guarded against a repeat); 400 when it is not a key of ours.
    static func sent(in form: Parameters) throws -> FormKey? {
        guard let value = form[fieldName] else { return nil }
        guard (16...64).contains(value.utf8.count), value.utf8.allSatisfy(isKeyCharacter) else {
            throw HTTPError(.badRequest, reason: reason)
        }
        return FormKey(value: value)
    }

    /// The characters of URL-safe base64: `A–Z a–z 0–9 - _`.
    private static func isKeyCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// The `HTTPError.reason` of a form whose key is not one of ours, explained on the 400 page.
    static let reason = "request_key"
}
