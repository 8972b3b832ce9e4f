import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// 候补 as 12306 takes it today: one waitlist covers other sold-out trains, dates (three at most)
/// and classes, ranked; it is prepaid at the dearest choice's fare and served by the first choice
/// that frees up (the best ranked when several do at once), the difference given back and the
/// other choices released. G101 甲城 → 丙城: second ¥276, first ¥444.
final class WiderWaitlistTests: XCTestCase {
    private let day = ChinaTime.today().adding(days: 1)

    func testAWaitlistCoversOtherDatesAndClassesAndIsServedByTheFirstToFreeUp() throws {
        let client = try BookingFixtures.traveller()
        let seller = try WaitlistFixtures.member("han_mm", name: "韩梅梅", sequence: "224", mobile: "13900000001", on: client.application)
        let held = try WiderWaitlistFixtures.hold(dayOffset: 1, seller: seller)
        try WiderWaitlistFixtures.sellOut(days: [0, 1], also: [(0, .first)], on: client.application)

        let page = try WaitlistFixtures.waitlistPage(with: client)
        let document = try page.document()
        let offered = document.nodes("//li[@data-choice]").map { "\($0.attribute("data-date") ?? "") \($0.attribute("data-class") ?? "")" }
        XCTAssertEqual(offered, ["\(day) first", "\(day.adding(days: 1)) second"], "the other sold-out classes of the three days")
        var form = try document.form(action: "/waitlist")
        let codes = document.nodes("//li[@data-choice]").compactMap { $0.attribute("data-choice") }
        for code in codes { try form.check("also", value: code) }
        try form.fill("rank_" + codes[0], "3")
        try form.fill("rank_" + codes[1], "2")
        let preview = try client.submit(form, button: "preview", from: page)
        XCTAssertEqual(try preview.document().text("//strong[@data-total]"), "¥444", "the dearest choice: first class")
        let provider = try client.submit(try preview.document().form(action: "/waitlist"), from: preview)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        XCTAssertEqual(try provider.document().node("//section[@data-payment]")?.attribute("data-amount"), "44400")
        let paid = try PaymentFixtures.press("confirm", on: provider, with: client)
        let waiting = try paid.document()
        XCTAssertEqual(waiting.node("//section[@data-waitlist]")?.attribute("data-status"), "waiting")
        XCTAssertEqual(
            waiting.nodes("//ol[@class='waitlist__choices']/li").map { "\($0.attribute("data-date") ?? "") \($0.attribute("data-class") ?? "")" },
            ["\(day) second", "\(day.adding(days: 1)) second", "\(day) first"], "ranked as typed")

        // The seller's unpaid second-class seat on the day after is given back: that choice frees up first.
        try WaitlistFixtures.cancel(held, with: seller)
        let served = try client.get(paid.target).document()
        XCTAssertEqual(served.node("//section[@data-waitlist]")?.attribute("data-status"), "fulfilled")
        XCTAssertEqual(served.node("//section[@data-waitlist]")?.attribute("data-date"), day.adding(days: 1).description)
        XCTAssertEqual(served.node("//li[@data-served]")?.attribute("data-rank"), "2")
        let order = try client.get("/orders/" + (try XCTUnwrap(served.node("//a[@data-order]")?.attribute("data-order")))).document()
        XCTAssertEqual(order.node("//li[@data-ticket]")?.attribute("data-date"), day.adding(days: 1).description)
        XCTAssertEqual(order.node("//li[@data-ticket]")?.attribute("data-class"), "second")
        XCTAssertEqual(try WaitlistFixtures.payments(client).first?.refundedFen, 16_800, "¥444 − ¥276 given back")

        // Released: another traveller waiting for first class that day is first in its queue.
        let other = try WaitlistFixtures.member("lin_xl", name: "林小丽", sequence: "336", mobile: "13900000002", on: client.application)
        let firstClass = try WaitlistFixtures.join(try WaitlistFixtures.waitlistPage(seatClass: "first", with: other), with: other)
        let queued = try PaymentFixtures.press("confirm", on: firstClass, with: other)
        XCTAssertEqual(try WaitlistFixtures.state(queued.target, with: other).position, "1")
    }

    func testWhenSeveralChoicesAreFreeTheBestRankedServes() throws {
        let client = try BookingFixtures.traveller()
        let application = client.application
        try WiderWaitlistFixtures.sellOut(days: [0, 1], also: [(0, .first)], on: application)
        let page = try WaitlistFixtures.waitlistPage(with: client)
        var form = try page.document().form(action: "/waitlist")
        let codes = try page.document().nodes("//li[@data-choice]").compactMap { $0.attribute("data-choice") }
        for code in codes { try form.check("also", value: code) } // first class that day ranked 2, the day after 3
        let provider = try client.submit(form, from: page)
        // Before the payment, a seat frees up in each of the two other choices.
        for (offset, seatClass) in [(0, SeatClass.first), (1, .second)] {
            let runID = try TimetableFixtures.runID(application, train: "G101", date: day.adding(days: offset))
            try WiderWaitlistFixtures.free(seat: 0, runID: runID, seatClass: seatClass, in: application)
        }
        let paid = try PaymentFixtures.press("confirm", on: provider, with: client)
        let served = try client.get(paid.target).document()
        XCTAssertEqual(served.node("//section[@data-waitlist]")?.attribute("data-status"), "fulfilled")
        XCTAssertEqual(served.node("//li[@data-served]")?.attribute("data-rank"), "2", "first class that day, ranked before the day after")
        XCTAssertEqual(served.node("//section[@data-waitlist]")?.attribute("data-class"), "first")
        XCTAssertEqual(try WaitlistFixtures.payments(client).first?.refundedFen, 0, "prepaid at the first-class fare")
    }

    func testTooManyChoicesOrDatesAndATrainNoLongerSoldOutAreRefusedWithTheChoicesKept() throws {
        let client = try BookingFixtures.traveller()
        let application = client.application
        try WiderWaitlistFixtures.sellOut(days: [0, 1, 2, 3], also: [], on: application)
        let page = try WaitlistFixtures.waitlistPage(with: client)
        let fields = try page.document().form(action: "/waitlist").submission().fields.map { ($0.name, $0.value) }

        let sixtyOne = fields + (1...60).map { ("also", "\($0).AAA.CCC.second") }
        let tooMany = try client.post("/waitlist", fields: sixtyOne)
        XCTAssertEqual(tooMany.status, .unprocessableContent)
        XCTAssertEqual(try tooMany.document().text("//div[@role='alert']/p"), "一个候补订单最多包含 60 个车次、日期和席别的组合。")

        let codes = try (1...3).map { offset in
            "\(try TimetableFixtures.runID(application, train: "G101", date: day.adding(days: offset))).AAA.CCC.second"
        }
        let fourDays = try client.post("/waitlist", fields: fields + codes.map { ("also", $0) })
        XCTAssertEqual(fourDays.status, .unprocessableContent)
        let refused = try fourDays.document()
        XCTAssertEqual(refused.text("//div[@role='alert']/p"), "一个候补订单最多包含 3 个乘车日期。")
        XCTAssertEqual(refused.nodes("//input[@name='also'][@checked]").count, 2, "the two offered days ticked are kept")

        let unreadable = try client.post("/waitlist", fields: fields + [("also", "nonsense")])
        XCTAssertEqual(unreadable.status, .unprocessableContent)
        XCTAssertEqual(try unreadable.document().text("//div[@role='alert']/p"), "所选的候补车次有误，请重新选择。")

        let k201 = try TimetableFixtures.runID(application, train: "K201", date: day)
        let elsewhere = try client.post("/waitlist", fields: fields + [("also", "\(k201).AAA.DDD.hard_sleeper")])
        XCTAssertEqual(elsewhere.status, .unprocessableContent, "another destination city is not the same trip")
        XCTAssertEqual(try elsewhere.document().text("//div[@role='alert']/p"), "所选的候补车次有误，请重新选择。")

        let runID = try TimetableFixtures.runID(application, train: "G101", date: day.adding(days: 1))
        try WiderWaitlistFixtures.free(seat: 0, runID: runID, seatClass: .second, in: application)
        let notSoldOut = try client.post("/waitlist", fields: fields + [("also", codes[0])])
        XCTAssertEqual(notSoldOut.status, .conflict)
        XCTAssertEqual(
            try notSoldOut.document().text("//div[@role='alert']/p"),
            "G101 次（\(day.adding(days: 1))）不能再候补：可能已有余票、已停运或已过截止时间，请取消勾选后再提交。")
        let count = try application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM waitlists")?.int("n") }
        XCTAssertEqual(count, 0, "nothing joined")
    }

    func testACancelledRunLeavesAWaitlistWaitingForItsOtherChoices() throws {
        let client = try BookingFixtures.traveller()
        let application = client.application
        try WiderWaitlistFixtures.sellOut(days: [0, 1], also: [], on: application)
        let paid = try WiderWaitlistFixtures.joinWithTheFirstOtherTrip(with: client)
        let admin = try ShopOrderFixtures.admin(of: client)
        for offset in 0..<2 {
            let runID = try TimetableFixtures.runID(application, train: "G101", date: day.adding(days: offset))
            let confirmation = try admin.get("/admin/runs/\(runID)/cancel")
            _ = try admin.submit(try confirmation.document().form(action: "/admin/runs/\(runID)/cancel"), from: confirmation)
            if offset == 0 {
                XCTAssertEqual(try WaitlistFixtures.state(paid.target, with: client).status, "waiting", "the day after still goes")
            }
        }
        let page2 = try client.get(paid.target).document()
        XCTAssertEqual(page2.node("//section[@data-waitlist]")?.attribute("data-status"), "refunded")
        XCTAssertEqual(page2.node("//section[@data-waitlist]")?.attribute("data-reason"), "run_cancelled")
    }

    func testACancelledRunRefundsAWaitlistWhoseOtherChoiceIsPastItsDeadline() throws {
        let client = try BookingFixtures.traveller()
        let application = client.application
        try WiderWaitlistFixtures.sellOut(days: [0, 1], also: [], on: application)
        let paid = try WiderWaitlistFixtures.joinWithTheFirstOtherTrip(with: client)
        // Ten minutes before tomorrow's G101 leaves (its choice closed 20 minutes before), the day after's run is cancelled.
        let secondRun = try TimetableFixtures.runID(application, train: "G101", date: day.adding(days: 1))
        let late = RunLeg.unixTime(day, minute: 8 * 60) - 10 * 60
        try application.database.write { db in
            let run = try XCTUnwrap(try AdminRun.find(id: secondRun, timetable: application.railway.timetable, in: db))
            _ = try RunCancellation.cancel(run, adminID: 1, now: late, in: db)
        }
        let shown = try client.get(paid.target).document()
        XCTAssertEqual(shown.node("//section[@data-waitlist]")?.attribute("data-status"), "refunded", "nothing left to wait for")
        XCTAssertEqual(shown.node("//section[@data-waitlist]")?.attribute("data-reason"), "run_cancelled")
    }
}

/// G101's classes sold out on the days after tomorrow, as the waitlist tests need them.
enum WiderWaitlistFixtures {
    /// Books one G101 second-class seat 甲城 → 丙城 for `seller`, `offset` days after tomorrow; its
    /// unpaid order's page (cancelling it frees that seat once the class is sold out around it).
    static func hold(dayOffset offset: Int, seller: TestClient) throws -> TestResponse {
        let page = try BookingFixtures.bookPage(date: ChinaTime.today().adding(days: 1 + offset), with: seller)
        let held = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(seller)], with: seller)
        XCTAssertTrue(held.target.hasPrefix("/orders/E"), held.target)
        return held
    }

    /// Sells G101 second class 甲城 → 丙城 out on each of `days` after tomorrow (0 is tomorrow), and
    /// each class of `also` on its day.
    static func sellOut(days: [Int], also: [(Int, SeatClass)], on application: Application) throws {
        let tomorrow = ChinaTime.today().adding(days: 1)
        for (offset, seatClass) in days.map({ ($0, SeatClass.second) }) + also {
            let runID = try TimetableFixtures.runID(application, train: "G101", date: tomorrow.adding(days: offset))
            try TimetableFixtures.sellAll(application, runID: runID, seatClass: seatClass, from: 0, to: 2)
        }
    }

    /// Joins a waitlist for tomorrow's G101 second class from the results with the first other trip
    /// the form offers ticked too, and pays it; returns the waitlist's page.
    static func joinWithTheFirstOtherTrip(with client: TestClient) throws -> TestResponse {
        let page = try WaitlistFixtures.waitlistPage(with: client)
        var form = try page.document().form(action: "/waitlist")
        try form.check("also", value: try XCTUnwrap(try page.document().node("//li[@data-choice]")?.attribute("data-choice")))
        return try PaymentFixtures.press("confirm", on: try client.submit(form, from: page), with: client)
    }

    /// Marks seat `seat` of the class's first coach free on the whole run, without telling any
    /// waitlist (as if it had been free all along).
    static func free(seat: Int, runID: Int64, seatClass: SeatClass, in application: Application) throws {
        try application.database.write { db in
            let row = try XCTUnwrap(
                try db.queryOne(
                    "SELECT coach_number, seat_count, occupancy FROM run_coaches WHERE run_id = ? AND seat_class = ? ORDER BY coach_number",
                    [runID, seatClass.rawValue]))
            var occupancy = try OccupancyBlob.decode(try row.blob("occupancy"), seatCount: try row.int("seat_count"))
            occupancy[seat] = 0
            try db.run(
                "UPDATE run_coaches SET occupancy = ? WHERE run_id = ? AND coach_number = ?",
                [OccupancyBlob.encode(occupancy), runID, try row.int64("coach_number")])
        }
        application.railway.inventory.forget(runID: runID)
    }
}

/// A waitlist choice where a passenger's ticket type does not hold leaves the others waiting.
final class WiderWaitlistTicketTypeTests: XCTestCase {
    func testAChild14OnTheOtherDateIsNotServedThenAndKeepsWaitingForTheFirst() throws {
        let client = try BookingFixtures.traveller()
        let application = client.application
        let day = ChinaTime.today().adding(days: 1)
        // 13 tomorrow, 14 the day after: a child ticket tomorrow, an adult one (¥276, more than the ¥138 prepaid) then.
        let fourteenth = day.adding(days: 1)
        let birth = String(format: "%04d%02d%02d", fourteenth.year - 14, fourteenth.month, fourteenth.day)
        let child = try BookingFixtures.addPassenger("韩小梅", sequence: "246", type: "child", birth: birth, with: client)
        let tomorrowHolder = try AccountFixtures.rider(1, on: application)
        let nextDayHolder = try AccountFixtures.rider(2, on: application)
        let tomorrowSeat = try WiderWaitlistFixtures.hold(dayOffset: 0, seller: tomorrowHolder)
        let nextDaySeat = try WiderWaitlistFixtures.hold(dayOffset: 1, seller: nextDayHolder)
        try WiderWaitlistFixtures.sellOut(days: [0, 1], also: [], on: application)

        let page = try WaitlistFixtures.waitlistPage(with: client)
        var form = try page.document().form(action: "/waitlist")
        for node in try page.document().nodes("//input[@name='passenger']") {
            let id = node.attribute("value") ?? ""
            if id == String(child) { try form.check("passenger", value: id) } else { try form.uncheck("passenger", value: id) }
        }
        try form.check("also", value: try XCTUnwrap(try page.document().node("//li[@data-choice]")?.attribute("data-choice")))
        let provider = try client.submit(form, from: page)
        XCTAssertEqual(try provider.document().node("//section[@data-payment]")?.attribute("data-amount"), "13800")
        let paid = try PaymentFixtures.press("confirm", on: provider, with: client)

        try WaitlistFixtures.cancel(nextDaySeat, with: nextDayHolder)
        XCTAssertEqual(try WaitlistFixtures.state(paid.target, with: client).status, "waiting", "tomorrow may still come")
        try WaitlistFixtures.cancel(tomorrowSeat, with: tomorrowHolder)
        let served = try client.get(paid.target).document()
        XCTAssertEqual(served.node("//section[@data-waitlist]")?.attribute("data-status"), "fulfilled")
        XCTAssertEqual(served.node("//section[@data-waitlist]")?.attribute("data-date"), day.description)
    }
}
