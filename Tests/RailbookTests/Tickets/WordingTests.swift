import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// Texts that read naturally: counts in the singular and plural, no "None" for an empty value,
/// and a cancelled run never shown as delayed.
final class WordingTests: XCTestCase {
    func testPassengerCountsUseTheSingularAndThePlural() throws {
        let client = try TimetableFixtures.client(acceptLanguage: "en")
        try AccountFixtures.register(with: client)
        let companion = try BookingFixtures.addPassenger("Han Meimei", sequence: "246", with: client)
        let first = try BookingFixtures.book(
            try BookingFixtures.bookPage(with: client), passengers: [try BookingFixtures.holderID(client)],
            with: client)
        XCTAssertEqual(
            try client.get("/orders?tab=unpaid").document().text("//li[@data-order]//p[@class='order-row__meta']/span"),
            "1 passenger")
        try RefundFixtures.markPaid(first.target, in: client.application)
        let page = try BookingFixtures.bookPage(date: ChinaTime.today().adding(days: 2), with: client)
        _ = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(client), companion], with: client)
        let texts = try client.get("/orders?tab=unpaid").document().nodes("//li[@data-order]//p[@class='order-row__meta']/span").map(\.text)
        XCTAssertTrue(texts.contains("2 passengers"), "\(texts)")
    }

    func testASoldOutClassSaysSoldOutNotNone() throws {
        let client = try TimetableFixtures.client(acceptLanguage: "en")
        try AccountFixtures.register(with: client)
        let runID = try WaitlistFixtures.runID(client)
        try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: .second, from: 0, to: 2)
        let results = try client.get("/search?from=AAA&to=CCC&date=\(ChinaTime.today().adding(days: 1))").document()
        XCTAssertEqual(results.text("//li[@data-train='G101']//li[@data-class='second']//span[contains(@class,'trip__seats')]"), "Sold out")
        let waitlist = try WaitlistFixtures.waitlistPage(with: client).document()
        XCTAssertFalse(waitlist.node("//main")?.text.contains("None") ?? true, "no \"None\" on the waitlist page")
        XCTAssertNotNil(waitlist.node("//main//p[contains(., 'Second class · Sold out')]"))
    }

    func testACancelledRunIsShownCancelledNeverDelayed() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: client)
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: ChinaTime.today().adding(days: 3))
        _ = try client.application.database.write { db in
            try db.run("UPDATE runs SET delay_minutes = 20, status = 'cancelled' WHERE id = ?", [runID])
        }
        for target in [paid.order, "/tickets/\(paid.ticketID)"] {
            let document = try client.get(target).document()
            XCTAssertNil(document.node("//p[@class='trip__delay']"), "no delay on \(target)")
            XCTAssertEqual(document.text("//p[@data-run-status='cancelled']"), "该车次已停运", target)
        }
    }
}
