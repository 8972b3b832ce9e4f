import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

final class TicketPageTests: XCTestCase {
    func testAnIssuedTicketShowsTheTripSeatAndAVerifiableQRCode() throws {
        let client = try BookingFixtures.traveller()
        let number = try TicketFixtures.bookOrder(with: client)
        try TicketFixtures.markPaid(number, in: client.application)
        let id = try XCTUnwrap(try TicketFixtures.ticketIDs(number, in: client.application).first)
        let page = try TicketFixtures.openTicket(of: number, with: client)
        XCTAssertEqual(page.target, "/tickets/\(id)")
        let document = try page.document()
        let ticket = try XCTUnwrap(document.node("//article[@data-ticket='\(id)']"))
        XCTAssertEqual(ticket.attribute("data-status"), "issued")
        XCTAssertEqual(ticket.attribute("data-train"), "G101")
        XCTAssertEqual(ticket.attribute("data-date"), TicketFixtures.tomorrow.description)
        let coach = try XCTUnwrap(ticket.attribute("data-coach")), seat = try XCTUnwrap(ticket.attribute("data-seat"))
        XCTAssertEqual(coach.count, 2)
        XCTAssertEqual(document.text("//dd[@class='eticket__seat']"), "\(coach)车 \(seat)")
        XCTAssertEqual(document.text("//dd[@class='eticket__passenger']"), "李雷")
        let certificate = AccountFixtures.residentID()
        let masked = String(certificate.prefix(4)) + String(repeating: "*", count: 10) + String(certificate.suffix(4))
        XCTAssertTrue(document.text("//dd[@class='eticket__certificate']")?.hasSuffix(masked) ?? false)
        XCTAssertFalse(page.text.contains(certificate), "the full document number never appears")
        XCTAssertNotNil(document.node("//a[@data-order='\(number)']"))
        let trip = document.text("//div[@class='eticket__trip']") ?? ""
        for part in ["08:00", "甲城", "10:00", "丙城", "G101"] { XCTAssertTrue(trip.contains(part), part) }
        XCTAssertTrue(document.text("//dl")?.contains("¥276") ?? false)

        let svg = try XCTUnwrap(document.node("//figure[@class='eticket__code']/svg"))
        XCTAssertEqual(svg.attribute("role"), "img")
        XCTAssertFalse((svg.attribute("aria-label") ?? "").isEmpty)
        XCTAssertEqual(svg.attribute("shape-rendering"), "crispEdges")
        XCTAssertTrue(svg.node("./path")?.attribute("d")?.hasPrefix("M") ?? false)

        let reference = try XCTUnwrap(document.text("//code[@class='eticket__reference']"))
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: TicketFixtures.tomorrow)
        XCTAssertTrue(reference.hasPrefix("RB1:\(id):\(runID):\(Int(coach)!):"), reference)
        let verified = try XCTUnwrap(TicketReference.verified(reference, key: client.application.keys.tickets))
        XCTAssertEqual(verified.ticketID, id)
        let code = try QRCode(encoding: reference)
        XCTAssertEqual(svg.attribute("viewbox") ?? svg.attribute("viewBox"), "0 0 \(code.width + 8) \(code.width + 8)")
        XCTAssertEqual(svg.node("./path")?.attribute("d")?.filter { $0 == "M" }.count, code.modules.filter { $0 }.count)
        XCTAssertEqual(document.node("//a[@href='/tickets/\(id)/calendar.ics']")?.attribute("class"), "button button--small")
    }

    func testAHeldTicketShowsItsStatusWithoutAQRCode() throws {
        let client = try BookingFixtures.traveller()
        let number = try TicketFixtures.bookOrder(with: client)
        let id = try XCTUnwrap(try TicketFixtures.ticketIDs(number, in: client.application).first)
        let document = try client.get("/tickets/\(id)").document()
        XCTAssertEqual(document.node("//article[@data-ticket]")?.attribute("data-status"), "held")
        XCTAssertEqual(document.text("//p[@role='alert']"), "此车票不能乘车（已占座）。")
        XCTAssertEqual(document.count("//svg"), 0)
        XCTAssertNil(document.node("//code[@class='eticket__reference']"))
        XCTAssertNil(document.node("//a[contains(@href,'calendar.ics')]"))
        XCTAssertEqual(try client.get("/tickets/\(id)/calendar.ics").status, .notFound)
    }

    func testAnotherUsersTicketAndUnknownIDsAreNotFound() throws {
        let client = try BookingFixtures.traveller()
        let number = try TicketFixtures.bookOrder(with: client)
        try TicketFixtures.markPaid(number, in: client.application)
        let id = try XCTUnwrap(try TicketFixtures.ticketIDs(number, in: client.application).first)
        let other = try TicketFixtures.otherTraveller(on: client.application)
        for target in ["/tickets/\(id)", "/tickets/\(id)/calendar.ics"] {
            let response = try other.get(target)
            XCTAssertEqual(response.status, .notFound, target)
            XCTAssertFalse(response.text.contains("李雷"), target)
            _ = try response.document()
        }
        for target in ["/tickets/\(id + 1000)", "/tickets/abc", "/tickets/-1", "/tickets/+\(id)", "/tickets/99999999999999999999"] {
            XCTAssertEqual(try client.get(target).status, .notFound, target)
        }
        let visitor = TestClient(application: client.application)
        XCTAssertEqual(try visitor.get("/tickets/\(id)").target, "/login?next=" + PercentEncoding.encode("/tickets/\(id)"))
    }

    func testThePrintStylesheetHidesTheSiteAroundTheTicket() throws {
        let client = try BookingFixtures.traveller()
        let css = try client.get("/css/site.css").text
        let print = try XCTUnwrap(css.range(of: "@media print"))
        let block = css[print.upperBound...]
        for selector in [".site-header", ".site-footer"] { XCTAssertTrue(block.contains(selector), selector) }
    }
}
