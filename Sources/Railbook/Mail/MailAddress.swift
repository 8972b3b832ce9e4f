/// An e-mail address as Railbook keeps it: `local@domain`, checked for shape, its domain part in
/// lower case (the local part is kept as typed: only the receiving server may fold it). Nothing
/// that could end a mail header gets in: no spaces, quotes, angle brackets, commas or control
/// characters, so an address is safe in `To:` and in the SMTP envelope as it is.
struct MailAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address as stored and sent to.
    let text: String

    /// Longest address (RFC 5321's path limit less the brackets), local part and domain label.
    static let maximumLength = 254
    private static let maximumLocalLength = 64
    private static let maximumLabelLength = 63

    /// The address `input` names (surrounding spaces ignored), or nil when it is not the shape of one.
    init?(_ input: String) {
        let trimmed = input.trimmed
        guard trimmed.utf8.count <= MailAddress.maximumLength, let at = trimmed.lastIndex(of: "@") else { return nil }
        let local = trimmed[..<at], domain = trimmed[trimmed.index(after: at)...].lowercased()
        guard MailAddress.isLocalPart(local), MailAddress.isDomain(domain) else { return nil }
        text = local + "@" + domain
    }

    var description: String { text }

    /// The domain part (after the `@`).
    var domain: Substring { text[text.index(after: text.lastIndex(of: "@")!)...] }

    /// The address with most of its local part hidden, for pages and mails that must not show
    /// it whole: `z***@example.com`.
    var masked: String {
        let local = text[..<text.lastIndex(of: "@")!]
        return String(local.prefix(1)) + "***@" + domain
    }

    /// RFC 5322's dot-atom: letters, digits and ``!#$%&'*+-/=?^_`{|}~``, in dot-separated words.
    private static func isLocalPart(_ local: Substring) -> Bool {
        guard !local.isEmpty, local.utf8.count <= maximumLocalLength else { return false }
        let allowed = Set("!#$%&'*+-/=?^_`{|}~".utf8)
        return local.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { word in
            !word.isEmpty && word.utf8.allSatisfy { isLetterOrDigit($0) || allowed.contains($0) }
        }
    }

    /// Two or more labels of ASCII letters, digits and inner hyphens; the last not all digits.
    private static func isDomain(_ domain: String) -> Bool {
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let last = labels.last, !last.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.utf8.count <= maximumLabelLength && label.first != "-" && label.last != "-"
                && label.utf8.allSatisfy { isLetterOrDigit($0) || $0 == UInt8(ascii: "-") }
        }
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
