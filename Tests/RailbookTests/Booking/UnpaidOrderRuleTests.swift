import Foundation
import HTMLTesting
import HTTP
import Storage
import Synchronization
import XCTest

@testable import Railbook

/// One unpaid order per account (as 12306): while a ticket order waits for payment, or a waitlist
/// for its prepayment, the account books nothing else, joins no waitlist and starts no dearer
/// change; the refusal links to what is unpaid and holds nothing.
final class UnpaidOrderRuleTests: XCTestCase {
    /// Tomorrow's D301 乙城 11:00 → 丙城 12:30, which overlaps none of G101's stretches.
    private func laterTrip(_ client: TestClient) throws -> TestResponse {
        try BookingFixtures.bookPage(train: "D301", from: "乙城", to: "丙城", with: client)
    }

    private func counts(_ client: TestClient) throws -> (orders: Int, tickets: Int, waitlists: Int, payments: Int) {
        try client.application.database.read { db in
            func count(_ table: String) throws -> Int { try db.queryOne("SELECT COUNT(*) AS n FROM \(table)")!.int("n") }
            return (try count("orders"), try count("tickets"), try count("waitlists"), try count("payments"))
        }
    }

    func testASecondBookingWhileAnOrderIsUnpaidIsRefusedWithALinkToItAndHoldsNothing() throws {
        let client = try BookingFixtures.traveller()
        let first = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), with: client)
        XCTAssertTrue(first.target.hasPrefix("/orders/E"), first.target)

        let page = try laterTrip(client)
        let alert = try XCTUnwrap(try page.document().node("//div[@role='alert'][@data-unpaid]"), "the book page says so before anything is held")
        XCTAssertEqual(alert.node(".//a[@href='\(first.target)']")?.attribute("href"), first.target)
        XCTAssertEqual(alert.text(".//p[1]"), "您有一个未支付的订单 \(first.target.dropFirst(8))，请先支付或取消后再订票。")

        let refused = try BookingFixtures.book(page, with: client)
        XCTAssertEqual(refused.status, .conflict)
        let document = try refused.document()
        XCTAssertEqual(document.text("//div[@role='alert']/p[1]"), "您有一个未支付的订单 \(first.target.dropFirst(8))，请先支付或取消后再订票。")
        XCTAssertNotNil(document.node("//div[@role='alert']//a[@href='\(first.target)']"))
        XCTAssertEqual(try counts(client).orders, 1)
        XCTAssertEqual(try counts(client).tickets, 1, "no seat held for the refused booking")
        XCTAssertEqual(try RefundFixtures.seatsLeft(train: "D301", from: "乙城", to: "丙城", daysAhead: 1, with: client), "630")

        let provider = try PaymentFixtures.openProvider(try client.get(first.target), with: client)
        _ = try PaymentFixtures.press("confirm", on: provider, with: client)
        let again = try laterTrip(client)
        XCTAssertNil(try again.document().node("//div[@data-unpaid]"), "paid: nothing is unpaid any more")
        XCTAssertTrue(try BookingFixtures.book(again, with: client).target.hasPrefix("/orders/E"))
    }

    func testCancellingTheUnpaidOrderAllowsTheNextBooking() throws {
        let client = try BookingFixtures.traveller()
        let first = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), with: client)
        try WaitlistFixtures.cancel(first, with: client)
        XCTAssertTrue(try BookingFixtures.book(try laterTrip(client), with: client).target.hasPrefix("/orders/E"))
    }

    func testAnotherAccountsUnpaidOrderDoesNotCount() throws {
        let client = try BookingFixtures.traveller()
        XCTAssertTrue(try BookingFixtures.book(try BookingFixtures.bookPage(with: client), with: client).target.hasPrefix("/orders/E"))
        let other = try WaitlistFixtures.member("han_mm", name: "韩梅梅", sequence: "224", mobile: "13900000001", on: client.application)
        XCTAssertTrue(try BookingFixtures.book(try laterTrip(other), with: other).target.hasPrefix("/orders/E"))
    }

    func testJoiningAWaitlistWhileAnOrderIsUnpaidIsRefused() throws {
        let client = try BookingFixtures.traveller()
        let unpaid = try BookingFixtures.book(try laterTrip(client), with: client)
        XCTAssertTrue(unpaid.target.hasPrefix("/orders/E"), unpaid.target)
        try TimetableFixtures.sellAll(client.application, runID: try WaitlistFixtures.runID(client), seatClass: .second, from: 0, to: 2)

        let page = try WaitlistFixtures.waitlistPage(with: client)
        XCTAssertNotNil(try page.document().node("//div[@role='alert'][@data-unpaid]//a[@href='\(unpaid.target)']"))
        let refused = try WaitlistFixtures.join(page, with: client)
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertEqual(
            try refused.document().text("//div[@role='alert']/p[1]"),
            "您有一个未支付的订单 \(unpaid.target.dropFirst(8))，请先支付或取消后再订票。")
        XCTAssertEqual(try counts(client).waitlists, 0)
        XCTAssertEqual(try counts(client).payments, 0)
    }

    func testAWaitlistAwaitingItsPrepaymentCountsAsUnpaid() throws {
        let client = try BookingFixtures.traveller()
        try TimetableFixtures.sellAll(client.application, runID: try WaitlistFixtures.runID(client), seatClass: .second, from: 0, to: 2)
        let provider = try WaitlistFixtures.join(try WaitlistFixtures.waitlistPage(with: client), with: client)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        let number = try client.application.database.read { try $0.queryOne("SELECT number FROM waitlists")!.string("number") }

        let refused = try BookingFixtures.book(try laterTrip(client), with: client)
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertEqual(try refused.document().text("//div[@role='alert']/p[1]"), "您有一个未支付的候补订单 \(number)，请先支付或取消后再订票。")
        XCTAssertNotNil(try refused.document().node("//div[@role='alert']//a[@href='/waitlist/\(number)']"))
        XCTAssertEqual(try counts(client).orders, 0)

        _ = try PaymentFixtures.press("confirm", on: try client.get(provider.target), with: client)
        XCTAssertTrue(
            try BookingFixtures.book(try laterTrip(client), with: client).target.hasPrefix("/orders/E"),
            "a paid waitlist waiting in the queue is not unpaid")
    }

    func testADearerChangeIsRefusedWhileAnOrderIsUnpaidButACheaperOneIsNot() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: client)
        let unpaid = try BookingFixtures.book(try laterTrip(client), with: client)
        XCTAssertTrue(unpaid.target.hasPrefix("/orders/E"), unpaid.target)
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: ChinaTime.today().adding(days: 3))

        let confirm = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(runID)&class=first")
        let refused = try client.submit(try confirm.document().form(action: "/tickets/\(paid.ticketID)/change"), from: confirm)
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertEqual(
            try refused.document().text("//div[@role='alert']/p[1]"),
            "您有一个未支付的订单 \(unpaid.target.dropFirst(8))，请先支付或取消后再订票。")
        XCTAssertNotNil(try refused.document().node("//div[@role='alert']//a[@href='\(unpaid.target)']"))
        XCTAssertEqual(try RefundFixtures.changePayment(in: client.application)?.status, nil, "no payment started")
        XCTAssertEqual(try RefundFixtures.ticket(paid.ticketID, in: client.application).status, .issued)
    }

    func testParallelSubmissionsOfOneAccountBookOnceOnly() throws {
        let client = try BookingFixtures.traveller()
        let application = client.application
        let tomorrow = ChinaTime.today().adding(days: 1)
        let trips: [(train: String, from: String, to: String)] = [
            ("G101", "AAA", "BBB"), ("G103", "AAB", "BBB"),
            ("D301", "BBB", "CCC"), ("K201", "AAA", "BBB"),
        ]
        let holder = try BookingFixtures.holderID(client)
        let csrf = try XCTUnwrap(try BookingFixtures.bookPage(with: client).document().form(action: "/orders").value("csrf"))
        let cookie = client.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        let bodies: [[UInt8]] = try trips.map { trip in
            let runID = try TimetableFixtures.runID(application, train: trip.train, date: tomorrow)
            let seatClass = trip.train == "K201" ? "hard_seat" : "second"
            return Array(
                FormSubmission.encode([
                    ("csrf", csrf), ("run", String(runID)), ("from", trip.from), ("to", trip.to),
                    ("class", seatClass), ("passenger", String(holder)),
                ]).utf8)
        }
        // Each round one trip is booked and paid; the next round's requests for it are refused as
        // overlapping, and of the others exactly one may pass.
        for round in 1...3 {
            let statuses = Mutex<[Int]>([])
            DispatchQueue.concurrentPerform(iterations: bodies.count) { index in
                var headers = Headers()
                headers.add("Cookie", cookie)
                headers.add("Content-Type", "application/x-www-form-urlencoded")
                let response = application.respond(
                    method: .post, target: "/orders", headers: headers, body: bodies[index],
                    remoteAddress: "127.0.0.1")
                statuses.withLock { $0.append(response.status.code) }
            }
            XCTAssertEqual(statuses.withLock { $0 }.sorted(), [303, 409, 409, 409], "round \(round)")
            let unpaid = try application.database.read { db in
                try db.query("SELECT number FROM orders WHERE status = 'unpaid'").map { try $0.string("number") }
            }
            XCTAssertEqual(unpaid.count, 1, "round \(round)")
            for number in unpaid { try RefundFixtures.markPaid("/orders/" + number, in: application) }
        }
        try application.database.read { db in XCTAssertEqual(try BookingInvariants.orderProblems(in: db), []) }
    }
}
