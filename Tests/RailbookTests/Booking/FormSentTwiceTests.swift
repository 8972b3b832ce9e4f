import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// A form that changes something sent twice — the traveller pressed again, or the first answer was
/// lost on the way — is done once, and both sendings get the first answer: each showing of the
/// book, change, waitlist and checkout forms carries a key of its own (`request_key`).
final class FormSentTwiceTests: XCTestCase {
    func testABookingFormSentTwiceBooksOnceAndAnswersBothWithTheOrder() throws {
        let client = try BookingFixtures.traveller()
        let page = try BookingFixtures.bookPage(with: client)
        let key = try XCTUnwrap(try page.document().node("//form[@action='/orders']//input[@name='request_key']")?.attribute("value"))
        XCTAssertGreaterThanOrEqual(key.count, 16)
        let first = try BookingFixtures.book(page, with: client)
        XCTAssertTrue(first.target.hasPrefix("/orders/E"), first.target)
        let again = try BookingFixtures.book(page, with: client)
        XCTAssertEqual(again.status, .ok)
        XCTAssertEqual(again.target, first.target, "the second sending is answered with the first's order")
        XCTAssertEqual(try count("orders", in: client), 1)
        XCTAssertEqual(try count("tickets", in: client), 1)

        // A page shown again has a key of its own: a new booking, refused while the first is unpaid.
        let newPage = try BookingFixtures.bookPage(with: client)
        XCTAssertNotEqual(try newPage.document().node("//input[@name='request_key']")?.attribute("value"), key)
        XCTAssertEqual(try BookingFixtures.book(newPage, with: client).status, .conflict)
        XCTAssertEqual(try count("orders", in: client), 1)
    }

    func testAChangeConfirmedTwiceChangesOnce() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: client)
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: ChinaTime.today().adding(days: 4))
        let confirm = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(runID)&class=second")
        let form = try confirm.document().form(action: "/tickets/\(paid.ticketID)/change")
        let first = try client.submit(form, from: confirm)
        XCTAssertTrue(first.target.hasSuffix("?changed=1"), first.target)
        let again = try client.submit(form, from: confirm)
        XCTAssertEqual(again.status, .ok)
        XCTAssertEqual(again.target, first.target)
        XCTAssertEqual(try count("tickets", in: client), 2, "the ticket and the one it was changed to")
    }

    func testAWaitlistFormSentTwiceJoinsOnce() throws {
        let booker = try BookingFixtures.traveller()
        _ = try WaitlistFixtures.sellOutAround(seats: 1, booker: booker)
        let client = try WaitlistFixtures.member("wang_wu", name: "王五", sequence: "512", mobile: "13800000512", on: booker.application)
        let page = try WaitlistFixtures.waitlistPage(with: client)
        let first = try WaitlistFixtures.join(page, with: client)
        XCTAssertTrue(first.target.hasPrefix("/pay/"), first.target)
        let again = try WaitlistFixtures.join(page, with: client)
        XCTAssertEqual(again.target, first.target, "the same payment page")
        XCTAssertEqual(try count("waitlists", in: client), 1)
        XCTAssertEqual(try count("payments", in: client), 1)
    }

    func testACheckoutSentTwicePlacesOneOrder() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticket = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(with: client)
        let stock = try ShopOrderFixtures.stock("经济盒饭", client)
        let page = try ShopOrderFixtures.checkoutPage(with: client)
        let first = try ShopOrderFixtures.checkOut(page, ticket: ticket, with: client)
        XCTAssertTrue(first.target.hasPrefix("/pay/"), first.target)
        let again = try ShopOrderFixtures.checkOut(page, ticket: ticket, with: client)
        XCTAssertEqual(again.target, first.target)
        XCTAssertEqual(try ShopOrderFixtures.orderCount(client), 1)
        XCTAssertEqual(try ShopOrderFixtures.stock("经济盒饭", client), stock - 2, "the stock is taken once")
    }

    func testAFormWithADamagedKeyIsRefusedAndOneWithoutAKeyIsDoneAsBefore() throws {
        let client = try BookingFixtures.traveller()
        let page = try BookingFixtures.bookPage(with: client)
        var form = try page.document().form(action: "/orders")
        try form.fill("request_key", "not a key; DROP TABLE orders")
        let refused = try client.submit(form, from: page)
        XCTAssertEqual(refused.status, .badRequest)
        XCTAssertEqual(try refused.document().text("//section[@class='error-page']/p[2]"), "该表单的标识已损坏，因此未被处理。请返回并刷新页面后重试。")
        XCTAssertEqual(try count("orders", in: client), 0)

        let submission = try page.document().form(action: "/orders").submission()
        let fields = submission.fields.filter { $0.name != "request_key" }.map { ($0.name, $0.value) }
        let booked = try client.post("/orders", fields: fields)
        XCTAssertTrue(booked.target.hasPrefix("/orders/E"), "a client that leaves the key out still books: \(booked.target)")
        XCTAssertEqual(try count("orders", in: client), 1)
    }

    func testAnotherAccountSendingTheSameKeyBooksItsOwnOrder() throws {
        let first = try BookingFixtures.traveller()
        let page = try BookingFixtures.bookPage(with: first)
        let key = try XCTUnwrap(try page.document().node("//input[@name='request_key']")?.attribute("value"))
        let firstOrder = try BookingFixtures.book(page, with: first)
        let second = try AccountFixtures.rider(1, on: first.application)
        let otherPage = try BookingFixtures.bookPage(with: second)
        var form = try otherPage.document().form(action: "/orders")
        try form.fill("request_key", key)
        let secondOrder = try second.submit(form, from: otherPage)
        XCTAssertTrue(secondOrder.target.hasPrefix("/orders/E"), secondOrder.target)
        XCTAssertNotEqual(secondOrder.target, firstOrder.target, "a key answers only the account that sent it")
        XCTAssertEqual(try count("orders", in: first), 2)
    }

    func testAnswersOlderThanADayAreForgotten() throws {
        let client = try BookingFixtures.traveller()
        let page = try BookingFixtures.bookPage(with: client)
        _ = try BookingFixtures.book(page, with: client)
        XCTAssertEqual(try count("form_answers", in: client), 1)
        let now = ChinaTime.now()
        try client.application.database.write { try FormAnswer.prune(now: now + FormAnswer.keptSeconds - 60, in: $0) }
        XCTAssertEqual(try count("form_answers", in: client), 1, "kept for a day")
        try client.application.database.write { try FormAnswer.prune(now: now + FormAnswer.keptSeconds + 60, in: $0) }
        XCTAssertEqual(try count("form_answers", in: client), 0)
    }

    private func count(_ table: String, in client: TestClient) throws -> Int {
        try client.application.database.read { try XCTUnwrap(try $0.queryOne("SELECT COUNT(*) AS n FROM \(table)")).int("n") }
    }
}
