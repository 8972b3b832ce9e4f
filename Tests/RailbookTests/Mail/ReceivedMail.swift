import Foundation
import XCTest

/// A message as an SMTP server received it, read the way a mail program shows it: headers
/// unfolded, the subject's encoded words decoded, the text and HTML parts decoded from base64,
/// the names of the files attached.
struct ReceivedMail {
    let raw: String
    let headers: [String: String]
    let text: String
    let html: String
    let attachments: [String: String]

    init(_ raw: String) throws {
        self.raw = raw
        let parts = raw.components(separatedBy: "\r\n\r\n")
        let head = parts[0].replacingOccurrences(of: "\r\n ", with: " ")
        var headers: [String: String] = [:]
        for line in head.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
        text = try ReceivedMail.part("text/plain; charset=utf-8", in: raw)
        html = try ReceivedMail.part("text/html; charset=utf-8", in: raw)
        var attachments: [String: String] = [:]
        for piece in raw.components(separatedBy: "Content-Disposition: attachment; filename=\"").dropFirst() {
            let name = String(piece.prefix { $0 != "\"" })
            let body = piece.components(separatedBy: "\r\n\r\n").dropFirst().first?.components(separatedBy: "\r\n--").first ?? ""
            attachments[name] = Data(base64Encoded: body.replacingOccurrences(of: "\r\n", with: "")).map { String(decoding: $0, as: UTF8.self) }
        }
        self.attachments = attachments
    }

    /// The subject as the sender wrote it.
    var subject: String {
        let value = headers["Subject"] ?? ""
        guard value.hasPrefix("=?UTF-8?B?") else { return value }
        let bytes = value.split(separator: " ").flatMap { word in
            Data(base64Encoded: String(word.dropFirst(10).dropLast(2))).map(Array.init) ?? []
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The path of the first link in the text part that starts with `prefix` (a site path).
    func link(startingWith prefix: String) throws -> String {
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.contains("://") && $0.contains(prefix) }, "no \(prefix) link in:\n\(text)")
        let url = String(line.drop { $0 != "h" }).trimmingCharacters(in: .whitespaces)
        let afterScheme = url.components(separatedBy: "://").last ?? ""
        return String(afterScheme.drop { $0 != "/" })
    }

    private static func part(_ contentType: String, in raw: String) throws -> String {
        let marker = "Content-Type: \(contentType)\r\nContent-Transfer-Encoding: base64\r\n\r\n"
        let start = try XCTUnwrap(raw.range(of: marker), "no \(contentType) part").upperBound
        let encoded = raw[start...].components(separatedBy: "\r\n--").first ?? ""
        let data = try XCTUnwrap(Data(base64Encoded: encoded.replacingOccurrences(of: "\r\n", with: "")))
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }
}
