import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

final class TicketCalendarTests: XCTestCase {
    func testAnIssuedTicketDownloadsAsACalendarEvent() throws {
        let client = try TimetableFixtures.client(acceptLanguage: "en")
        try AccountFixtures.register(with: client)
        let number = try TicketFixtures.bookOrder(with: client)
        try TicketFixtures.markPaid(number, in: client.application)
        let id = try XCTUnwrap(try TicketFixtures.ticketIDs(number, in: client.application).first)
        let ticket = try XCTUnwrap(try client.get("/tickets/\(id)").document().node("//article[@data-ticket]"))
        let coach = ticket.attribute("data-coach") ?? "", seat = ticket.attribute("data-seat") ?? ""

        let response = try client.get("/tickets/\(id)/calendar.ics")
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(response.headers["Content-Type"], "text/calendar; charset=utf-8")
        XCTAssertEqual(response.headers["Content-Disposition"], "attachment; filename=\"railbook-\(id).ics\"")
        let text = response.text
        XCTAssertTrue(text.hasSuffix("\r\n"))
        XCTAssertFalse(text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "only CRLF line endings")
        XCTAssertFalse(text.replacingOccurrences(of: "\r\n", with: "").contains("\r"), "only CRLF line endings")
        let physical = text.components(separatedBy: "\r\n").dropLast()
        XCTAssertTrue(physical.allSatisfy { $0.utf8.count <= 75 }, "folded at 75 octets")
        let lines = text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        let day = TicketFixtures.tomorrow.description.replacingOccurrences(of: "-", with: "")
        for expected in [
            "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:railbook-ticket-\(id)@railbook",
            "DTSTART:\(day)T000000Z", "DTEND:\(day)T020000Z", "SUMMARY:G101 甲城 → 丙城", "LOCATION:甲城",
            "DESCRIPTION:Coach \(coach)\\, seat \(seat) (Second class). Order \(number).", "END:VEVENT", "END:VCALENDAR",
        ] {
            XCTAssertTrue(lines.contains(expected), "missing \(expected) in \(lines)")
        }
        let stamp = try XCTUnwrap(lines.first { $0.hasPrefix("DTSTAMP:") })
        XCTAssertNotNil(stamp.range(of: #"^DTSTAMP:\d{8}T\d{6}Z$"#, options: .regularExpression), stamp)
    }

    func testTextValuesAreEscapedAndLongLinesFolded() {
        XCTAssertEqual(CalendarFile.escape(#"a,b;c\d"#), #"a\,b\;c\\d"#)
        XCTAssertEqual(CalendarFile.escape("one\ntwo"), #"one\ntwo"#)
        let line = "DESCRIPTION:" + String(repeating: "北京南，上海虹桥 ", count: 12)
        let folded = CalendarFile.fold(line)
        let parts = folded.components(separatedBy: "\r\n")
        XCTAssertGreaterThan(parts.count, 1)
        XCTAssertTrue(parts.allSatisfy { $0.utf8.count <= 75 })
        XCTAssertTrue(parts.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        XCTAssertEqual(folded.replacingOccurrences(of: "\r\n ", with: ""), line)
        XCTAssertEqual(CalendarFile.fold("SHORT:line"), "SHORT:line")
    }

    func testTimesAreWrittenInUTC() {
        XCTAssertEqual(CalendarFile.utc(0), "19700101T000000Z")
        XCTAssertEqual(CalendarFile.utc(1_798_761_599), "20261231T235959Z")
        XCTAssertEqual(CalendarFile.utc(-1), "19691231T235959Z")
    }
}
