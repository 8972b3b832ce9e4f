import Foundation
import Secrets

/// One mail as it goes out: an RFC 5322 message with MIME parts — a plain-text and an HTML
/// version of the same text (`multipart/alternative`), and files attached after them
/// (`multipart/mixed`). Header texts (the subject, the sender's name) are RFC 2047 encoded words
/// whenever they hold anything but plain ASCII, so no line break a user typed can ever reach a
/// header; addresses are `MailAddress`es, which cannot hold one.
struct MailMessage: Sendable {
    /// A file sent along (the trip as a calendar file).
    struct Attachment: Sendable {
        let filename: String
        /// The MIME type with its parameters, e.g. `text/calendar; charset=utf-8; method=PUBLISH`.
        let contentType: String
        let bytes: [UInt8]
    }

    let fromName: String
    let from: MailAddress
    let to: MailAddress
    let subject: String
    /// When the mail was written (Unix seconds): the same on every attempt to send it.
    let date: Int
    /// `<…@…>`, unique per mail and the same on every attempt, so a receiver can drop a duplicate.
    let messageID: String
    /// The page that turns this kind of mail off (notices only; security mails have none).
    var unsubscribeURL: String?
    let text: String
    let html: String
    var attachments: [Attachment] = []

    /// The whole message, lines ending in CRLF, ready for SMTP's DATA or an `.eml` file.
    var rendered: [UInt8] {
        let alternative = MailMessage.boundary("alt", messageID)
        var lines: [String] = [
            "From: " + MailMessage.encodedWords(fromName, isPhrase: true) + " <" + from.text + ">",
            "To: " + to.text,
            "Subject: " + MailMessage.encodedWords(subject),
            "Date: " + MailMessage.dateHeader(date),
            "Message-ID: " + messageID,
            "MIME-Version: 1.0",
            "Auto-Submitted: auto-generated",
        ]
        if let unsubscribeURL, MailMessage.isHeaderSafe(unsubscribeURL) {
            lines.append("List-Unsubscribe: <" + unsubscribeURL + ">")
        }
        var body: [String] = []
        body.append("Content-Type: multipart/alternative; boundary=\"\(alternative)\"")
        body.append("")
        body.append("--" + alternative)
        body += MailMessage.part(contentType: "text/plain; charset=utf-8", bytes: Array(MailMessage.crlf(text).utf8))
        body.append("--" + alternative)
        body += MailMessage.part(contentType: "text/html; charset=utf-8", bytes: Array(MailMessage.crlf(html).utf8))
        body.append("--" + alternative + "--")
        if attachments.isEmpty {
            lines += body
        } else {
            let mixed = MailMessage.boundary("mix", messageID)
            lines.append("Content-Type: multipart/mixed; boundary=\"\(mixed)\"")
            lines.append("")
            lines.append("--" + mixed)
            lines += body
            for attachment in attachments {
                lines.append("--" + mixed)
                let name = attachment.filename.filter { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
                lines.append("Content-Disposition: attachment; filename=\"\(name)\"")
                lines += MailMessage.part(contentType: attachment.contentType, bytes: attachment.bytes)
            }
            lines.append("--" + mixed + "--")
        }
        return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    /// A part's headers and its body in base64, 76 characters a line.
    private static func part(contentType: String, bytes: [UInt8]) -> [String] {
        let encoded = Data(bytes).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
        return ["Content-Type: " + contentType, "Content-Transfer-Encoding: base64", "", encoded]
    }

    /// A boundary no base64 line or header can hold (it has `=_` and dots), the same on every
    /// attempt to send the mail.
    private static func boundary(_ role: String, _ messageID: String) -> String {
        "=_railbook." + role + "." + Token.sha256Hex(messageID).prefix(24)
    }

    /// Every line break made CRLF.
    private static func crlf(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .replacingOccurrences(of: "\n", with: "\r\n")
    }

    /// True for text with nothing but printable ASCII (no line break, no control character).
    static func isHeaderSafe(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// `text` for a header: as it is when it is short printable ASCII, otherwise RFC 2047
    /// encoded words (`=?UTF-8?B?…?=`) of at most 45 bytes each, never splitting a character,
    /// on folded lines. Control characters (line breaks among them) become spaces first. A phrase
    /// (a display name) is encoded also when it holds a character with a meaning in addresses.
    static func encodedWords(_ text: String, isPhrase: Bool = false) -> String {
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
        let hasSpecials = isPhrase && cleaned.contains { "()<>[]:;@\\,.\"".contains($0) }
        if isHeaderSafe(cleaned), cleaned.utf8.count <= 60, !cleaned.contains("=?"), !hasSpecials { return cleaned }
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in cleaned {
            let bytes = Array(character.utf8)
            if chunk.count + bytes.count > 45 {
                words.append("=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=")
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append("=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=") }
        return words.joined(separator: "\r\n ")
    }

    /// RFC 5322's date: `Mon, 07 Dec 2026 01:02:03 +0000`.
    static func dateHeader(_ seconds: Int) -> String {
        let day = CivilDate(daysSinceEpoch: seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let inDay = seconds - day.daysSinceEpoch * 86_400
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(weekdays[day.weekday]), \(two(day.day)) \(months[day.month - 1]) \(day.year) "
            + "\(two(inDay / 3600)):\(two(inDay / 60 % 60)):\(two(inDay % 60)) +0000"
    }
}
