import Foundation
import HTMLTesting
import HTTP
import Storage
import Synchronization
import XCTest

@testable import Railbook

/// Standing tickets (无座): on sale only once a run's seats are gone for the stretch, at the seat
/// fare, up to the train's quota (set on its admin page), never oversold, freed by a refund.
final class StandingTicketTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    func testStandingIsSoldOnlyOnceTheSeatsAreGoneAtTheSecondClassFare() throws {
        let client = try BookingFixtures.traveller()
        XCTAssertNil(try standingOffer(client), "no standing while seats are left")
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: tomorrow)
        let early = try client.get("/book?run=\(runID)&from=AAA&to=CCC&class=standing").document()
        XCTAssertEqual(early.text("//div[@data-sold-out='standing']/p"), "该区间仍有座位，无座票只在座位售完后发售，请选择有座席别。")
        XCTAssertNil(early.node("//form[@action='/orders']"), "nothing to book standing yet")

        try sellSeats(client.application, runID: runID)
        let offer = try XCTUnwrap(try standingOffer(client))
        XCTAssertEqual(offer.attribute("data-seats"), "31", "5% of G101's 620 seats")
        XCTAssertTrue(offer.text.contains("无座") && offer.text.contains("¥276"), offer.text)

        // A seat given back between the page and the booking: standing is refused again.
        let opened = try BookingFixtures.bookPage(seatClass: "standing", with: client)
        try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: .second, from: 0, to: 2, leavingFree: [0])
        let refused = try BookingFixtures.book(opened, passengers: [try BookingFixtures.holderID(client)], with: client)
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertEqual(try refused.document().text("//div[@role='alert']/p"), "该区间仍有座位，无座票只在座位售完后发售，请选择有座席别。")
        try sellSeats(client.application, runID: runID)

        let page = try BookingFixtures.bookPage(seatClass: "standing", with: client)
        XCTAssertNotNil(try page.document().node("//p[@class='book-trip__standing']"))
        XCTAssertNil(try page.document().node("//fieldset[@class='seat-map']"), "no seat to pick")
        let order = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(client)], with: client)
        let ticket = try XCTUnwrap(try order.document().node("//li[@data-ticket]"))
        XCTAssertEqual(ticket.attribute("data-class"), "standing")
        XCTAssertEqual(ticket.attribute("data-seat"), "")
        XCTAssertEqual(ticket.text(".//p[@class='ticket__seat']"), "无座")
        XCTAssertEqual(try order.document().text("//p[@class='order__total']/strong"), "¥276")
        try RefundFixtures.markPaid(order.target, in: client.application)
        let eticket = try client.get("/tickets/\(ticket.attribute("data-ticket") ?? "")").document()
        XCTAssertEqual(eticket.text("//dd[@class='eticket__seat']"), "无座")
        XCTAssertEqual(try standingOffer(client)?.attribute("data-seats"), "30")
    }

    func testTheQuotaSetByAnAdministratorIsRespectedAndARefundReleasesAPlace() throws {
        let admin = try BookingFixtures.traveller()
        _ = try admin.application.database.write { try $0.run("UPDATE users SET authority = 'admin' WHERE account = 'li_lei'") }
        let trainID = try XCTUnwrap(admin.application.railway.timetable.train(number: "G101")?.id)
        let edit = try admin.get("/admin/trains/\(trainID)/edit")
        var form = try edit.document().form(action: "/admin/trains/\(trainID)/standing")
        try form.fill("standing_quota", "many")
        let wrong = try admin.submit(form, from: edit)
        XCTAssertEqual(wrong.status, .unprocessableContent)
        XCTAssertEqual(try wrong.document().node("//input[@name='standing_quota']")?.attribute("value"), "many")
        XCTAssertEqual(try wrong.document().text("//p[@id='standing-quota-error']"), "请填写 0 到 2000 之间的整数，或留空按默认。")
        var fixed = try wrong.document().form(action: "/admin/trains/\(trainID)/standing")
        try fixed.fill("standing_quota", "1")
        let saved = try admin.submit(fixed, from: wrong)
        XCTAssertEqual(saved.redirects, ["/admin/trains/\(trainID)/edit?saved=standing"])
        XCTAssertEqual(try saved.document().node("//input[@name='standing_quota']")?.attribute("value"), "1")

        let runID = try TimetableFixtures.runID(admin.application, train: "G101", date: ChinaTime.today().adding(days: 3))
        try sellSeats(admin.application, runID: runID)
        let other = try WaitlistFixtures.member("han_mei", name: "韩梅梅", sequence: "224", mobile: "13900000002", on: admin.application)
        let opened = try other.get("/book?run=\(runID)&from=AAA&to=CCC&class=standing")
        let first = try RefundFixtures.paidTicket(seatClass: "standing", with: admin)
        XCTAssertEqual(try RefundFixtures.seatsLeft(seatClass: "standing", with: other), "0", "the one place is taken: listed as sold out")
        let refused = try BookingFixtures.book(opened, passengers: [try BookingFixtures.holderID(other)], with: other)
        XCTAssertEqual(refused.status, .conflict, "sold out since the page was opened")
        XCTAssertNil(try refused.document().node("//a[contains(@href, '/waitlist/')]"), "no waitlist for standing")
        let late = try other.get("/book?run=\(runID)&from=AAA&to=CCC&class=standing").document()
        XCTAssertEqual(late.text("//div[@data-sold-out='standing']/p"), "已售完：本区间的无座票也已售完。")
        XCTAssertNil(late.node("//form[@action='/orders']"), "sold out: nothing to book")
        XCTAssertNil(late.node("//a[contains(@href, '/waitlist/')]"), "no waitlist for standing")

        let refund = try admin.get("/tickets/\(first.ticketID)/refund")
        _ = try admin.submit(try refund.document().form(action: "/tickets/\(first.ticketID)/refund"), from: refund)
        XCTAssertEqual(try RefundFixtures.seatsLeft(seatClass: "standing", with: other), "1", "the refund gave the place back")
        let again = try BookingFixtures.book(
            try other.get("/book?run=\(runID)&from=AAA&to=CCC&class=standing"),
            passengers: [try BookingFixtures.holderID(other)], with: other)
        XCTAssertTrue(again.target.hasPrefix("/orders/E"), again.target)
    }

    func testEightUsersBookingStandingAtOnceNeverPassTheQuotaOnAnySegment() throws {
        let load = try BookingLoad()
        let quota = try XCTUnwrap(load.application.railway.timetable.train(number: "G901")?.standingQuota)
        XCTAssertEqual(quota, 3, "5% of 75 seats")
        try TimetableFixtures.sellAll(load.application, runID: load.runID, seatClass: .second, from: 0, to: BookingLoad.segmentCount)
        let csrf = try load.riders.map { try load.csrfToken(of: $0) }
        let outcomes = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: load.riders.count) { index in
            let rider = load.riders[index]
            var random = SplitMix(seed: UInt64(index) &+ 11)
            for passenger in rider.passengers {
                let stretch = BookingLoad.stretches[Int(random.next() % UInt64(BookingLoad.stretches.count))]
                let fields = [
                    ("csrf", csrf[index]), ("run", String(load.runID)), ("from", BookingLoad.telecodes[stretch.origin]),
                    ("to", BookingLoad.telecodes[stretch.destination]), ("class", "standing"), ("passenger", String(passenger)),
                    ("type_\(passenger)", "adult"),
                ]
                guard let answer = try? BookingLoad.postInProcess(rider, fields) else { continue }
                outcomes.withLock { $0.append(answer.status) }
                if answer.status == 303, let location = answer.location {
                    _ = load.pay(rider, orderNumber: String(location.dropFirst("/orders/".count).prefix { $0 != "?" }), csrf: csrf[index])
                }
            }
        }
        let statuses = outcomes.withLock { $0 }
        XCTAssertGreaterThan(statuses.filter { $0 == 303 }.count, 2)
        XCTAssertGreaterThan(statuses.filter { $0 == 409 }.count, 0, "some were refused as sold out")
        XCTAssertEqual(statuses.filter { $0 != 303 && $0 != 409 }, [])
        try load.application.database.read { db in
            XCTAssertEqual(
                try BookingInvariants.standingProblems(
                    runID: load.runID, quota: quota, segmentCount: BookingLoad.segmentCount,
                    in: db), [])
            XCTAssertEqual(try BookingInvariants.orderProblems(in: db), [])
        }
    }

    // MARK: - Helpers

    /// The 无座 entry of G101 in the results for 甲城 → 丙城 three days ahead… or tomorrow.
    private func standingOffer(_ client: TestClient, daysAhead: Int = 1) throws -> HTMLNode? {
        let date = ChinaTime.today().adding(days: daysAhead)
        let results = try client.get("/search?from=\(PercentEncoding.encode("甲城"))&to=\(PercentEncoding.encode("丙城"))&date=\(date)")
        return try results.document().node("//li[@data-train='G101']//li[@data-class='standing']")
    }

    /// Every seated class of G101's run sold for the whole route.
    private func sellSeats(_ application: Application, runID: Int64) throws {
        for seatClass in [SeatClass.business, .first, .second] {
            try TimetableFixtures.sellAll(application, runID: runID, seatClass: seatClass, from: 0, to: 2)
        }
    }
}
