import Foundation
import XCTest

@testable import Railbook

final class MailMessageTests: XCTestCase {
    private func message(subject: String = "Order E1 is booked", fromName: String = "Railbook", text: String = "Hello", attachments: Int = 0)
        -> String
    {
        var message = MailMessage(
            fromName: fromName, from: MailAddress("no-reply@railbook.example")!, to: MailAddress("li@example.com")!, subject: subject,
            date: 1_796_601_600, messageID: "<abc.1@railbook.mail>", text: text, html: "<p>Hello</p>")
        message.unsubscribeURL = "https://tickets.example/mail/off?user=1&topic=shop&signature=x"
        for index in 0..<attachments {
            message.attachments.append(.init(filename: "trip\(index).ics", contentType: "text/calendar; charset=utf-8", bytes: Array("BEGIN".utf8)))
        }
        return String(decoding: message.rendered, as: UTF8.self)
    }

    /// The headers of a rendered message, unfolded, by name.
    private func headers(_ rendered: String) -> [String: String] {
        let head = rendered.components(separatedBy: "\r\n\r\n")[0].replacingOccurrences(of: "\r\n ", with: " ")
        var headers: [String: String] = [:]
        for line in head.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        return headers
    }

    func testAMessageHasTheHeadersAMailProgramNeedsAndCRLFLines() throws {
        let rendered = message()
        let headers = headers(rendered)
        XCTAssertEqual(headers["From"], "Railbook <no-reply@railbook.example>")
        XCTAssertEqual(headers["To"], "li@example.com")
        XCTAssertEqual(headers["Subject"], "Order E1 is booked")
        XCTAssertEqual(headers["Date"], "Mon, 07 Dec 2026 00:00:00 +0000")
        XCTAssertEqual(headers["Message-ID"], "<abc.1@railbook.mail>")
        XCTAssertEqual(headers["MIME-Version"], "1.0")
        XCTAssertEqual(headers["List-Unsubscribe"], "<https://tickets.example/mail/off?user=1&topic=shop&signature=x>")
        XCTAssertTrue(headers["Content-Type"]?.hasPrefix("multipart/alternative; boundary=") ?? false)
        XCTAssertFalse(rendered.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends in CRLF")
        XCTAssertTrue(rendered.contains("Content-Type: text/plain; charset=utf-8"))
        XCTAssertTrue(rendered.contains("Content-Type: text/html; charset=utf-8"))
        XCTAssertEqual(message(), rendered, "the same mail renders the same on a retry")
    }

    func testAChineseSubjectIsEncodedAsUTF8WordsThatDecodeToIt() throws {
        let subject = "订单 E2026120700001 已提交，请尽快支付，逾期订单将自动取消"
        let header = headers(message(subject: subject))["Subject"] ?? ""
        let words = header.split(separator: " ")
        XCTAssertGreaterThan(words.count, 1, "a long subject is several encoded words")
        var bytes: [UInt8] = []
        for word in words {
            XCTAssertTrue(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="), String(word))
            XCTAssertLessThanOrEqual(word.count, 75, "RFC 2047 limits an encoded word to 75 characters")
            let payload = word.dropFirst(10).dropLast(2)
            bytes += try XCTUnwrap(Data(base64Encoded: String(payload)))
        }
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), subject)
    }

    func testLineBreaksInAHeaderTextNeverStartANewHeader() throws {
        let rendered = message(subject: "Hi\r\nBcc: victim@example.com", fromName: "Eve\nBcc: other@example.com")
        let head = rendered.components(separatedBy: "\r\n\r\n")[0]
        XCTAssertFalse(head.components(separatedBy: "\r\n").contains { $0.hasPrefix("Bcc") }, head)
        XCTAssertNil(headers(rendered)["Bcc"])
        XCTAssertTrue(headers(rendered)["From"]?.hasPrefix("=?UTF-8?B?") ?? false, "a name with a colon is an encoded word")
    }

    func testAddressesAreCheckedForShapeAndKeepTheirLocalPartAsTyped() {
        XCTAssertEqual(MailAddress(" Li.Lei+trains@Example.COM ")?.text, "Li.Lei+trains@example.com")
        XCTAssertEqual(MailAddress("li@example.com")?.masked, "l***@example.com")
        for bad in [
            "", "li", "li@", "@example.com", "li@example", "li lei@example.com", "li@exa mple.com", "li@example.com\r\nBcc: x@example.com",
            "li@example.com>", "<li@example.com", "li..lei@example.com", "li@-example.com", "li@example.123", "\"li\"@example.com",
            String(repeating: "a", count: 65) + "@example.com",
        ] {
            XCTAssertNil(MailAddress(bad), bad)
        }
    }

    func testAttachmentsMakeTheMessageMixedWithTheAlternativeFirst() {
        let rendered = message(attachments: 1)
        XCTAssertTrue(headers(rendered)["Content-Type"]?.hasPrefix("multipart/mixed; boundary=") ?? false)
        XCTAssertTrue(rendered.contains("Content-Disposition: attachment; filename=\"trip0.ics\""))
        let alternative = rendered.range(of: "multipart/alternative")!, attachment = rendered.range(of: "Content-Disposition")!
        XCTAssertLessThan(alternative.lowerBound, attachment.lowerBound)
    }

    func testTheSenderSettingIsReadAsANameAndAnAddress() {
        var settings = MailSettings()
        settings.from = "Railbook 铁路 <tickets@railbook.example>"
        XCTAssertEqual(settings.sender?.name, "Railbook 铁路")
        XCTAssertEqual(settings.sender?.address.text, "tickets@railbook.example")
        settings.from = "no-reply@railbook.example"
        XCTAssertEqual(settings.sender?.address.text, "no-reply@railbook.example")
        settings.from = "Railbook <not an address>"
        XCTAssertNil(settings.sender)
        XCTAssertNotNil(settings.problem)
    }
}
