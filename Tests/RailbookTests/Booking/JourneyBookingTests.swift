import HTMLTesting
import HTTP
import Storage
import Synchronization
import XCTest

@testable import Railbook

/// A journey with one change booked together from the results: 甲城 08:00 → 中城 09:00 on G1, then
/// 中城 09:20 → 乙城 10:00 on G2 (G3 leaves 中城 at 09:10, too soon for the 20 minutes a change at
/// one station needs). Both trains go into one order, all or nothing, and when the first is
/// expected too late for the change, the second may be refunded or changed without a fee.
final class JourneyBookingTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    private static let stations = """
        AAA|甲城|jiacheng|jc|甲城|1
        MMM|中城|zhongcheng|zc|中城|1
        ZZZ|乙城|yicheng|yc|乙城|1
        """
    private static let trains = """
        G1|AAA,0,-,08:00|MMM,300,09:00,-
        G2|MMM,0,-,09:20|ZZZ,200,10:00,-
        G3|MMM,0,-,09:10|ZZZ,200,09:50,-
        """

    /// A registered traveller with a second saved passenger, on the journey's network.
    private func traveller() throws -> (TestClient, companion: Int64) {
        let client = try TestSite.makeClient()
        try TimetableFixtures.load(into: client.application, stations: Self.stations, trains: Self.trains)
        try AccountFixtures.register(with: client)
        let companion = try BookingFixtures.addPassenger("李雷", sequence: "515", with: client)
        return (client, companion)
    }

    /// The book page the results' journey form opens, with `classes` chosen for the two trains.
    private func journeyBookPage(_ client: TestClient, classes: (String, String) = ("second", "first")) throws -> TestResponse {
        let results = try client.get("/search?from=AAA&to=ZZZ&date=\(tomorrow)")
        var form = try results.document().form("//li[@class='itinerary']//form[@data-journey]")
        try form.fill("class", classes.0)
        try form.fill("then_class", classes.1)
        return try client.submit(form, from: results)
    }

    private func orderCount(_ client: TestClient) throws -> Int {
        try client.application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM orders")?.int("n") ?? 0 }
    }

    func testBothTrainsAreBookedInOneOrderAndPaidTogether() throws {
        let (client, companion) = try traveller()
        let results = try client.get("/search?from=AAA&to=ZZZ&date=\(tomorrow)").document()
        XCTAssertEqual(
            results.nodes("//form[@data-journey]//select/option[@selected]").compactMap { $0.attribute("value") }, ["second", "second"],
            "each train's cheapest class with seats, to begin with")
        let page = try journeyBookPage(client)
        XCTAssertEqual(page.status, .ok)
        let document = try page.document()
        XCTAssertEqual(document.node("//div[@class='book-trip']")?.attribute("data-train"), "G1")
        let second = try XCTUnwrap(document.node("//div[@data-connection]"))
        XCTAssertEqual(second.attribute("data-train"), "G2")
        XCTAssertEqual(second.attribute("data-class"), "first")
        XCTAssertEqual(document.text("//div[@data-connection]/p[@class='book-trip__change']"), "在 中城 换乘，间隔 20 分钟")

        var both = try document.form(action: "/orders")
        try both.check("passenger", value: String(companion))
        let preview = try client.submit(both, button: "preview", from: page)
        let shownTotal = try preview.document().node("//strong[@data-total-fen]")?.attribute("data-total-fen")

        let order = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(client), companion], with: client)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)
        XCTAssertEqual(try orderCount(client), 1, "one order for the whole journey")
        let tickets = try order.document().nodes("//li[@data-ticket]")
        XCTAssertEqual(tickets.count, 4, "two passengers on two trains")
        XCTAssertEqual(try order.document().text("//p[@data-connection]"), "联程：G1 次到 中城 后换乘 G2 次（至少 20 分钟）")
        let rows = try client.application.database.read { db in
            try db.query("SELECT r.train_id, t.seat_class, t.price_fen FROM tickets t JOIN runs r ON r.id = t.run_id ORDER BY t.id").map {
                (try $0.string("seat_class"), try $0.int("price_fen"))
            }
        }
        XCTAssertEqual(rows.map(\.0), ["second", "second", "first", "first"])
        let total = try client.application.database.read { try $0.queryOne("SELECT total_fen FROM orders")?.int("total_fen") }
        XCTAssertEqual(total, rows.map(\.1).reduce(0, +), "the order's total is both trains' fares")
        XCTAssertEqual(shownTotal, total.map(String.init), "the book page's total is what the order charges")

        let paid = try PaymentFixtures.press("confirm", on: try PaymentFixtures.openProvider(order, with: client), with: client)
        XCTAssertEqual(try PaymentFixtures.statuses(try client.get(paid.target)).tickets, ["issued", "issued", "issued", "issued"])
    }

    func testAChildCarriedFreeRidesBothTrainsWithTheSamePassenger() throws {
        let (client, _) = try traveller()
        let holder = try BookingFixtures.holderID(client)
        let birth = CivilDate(year: tomorrow.year - 4, month: tomorrow.month, day: min(tomorrow.day, 28))!
        let child = try BookingFixtures.addPassenger(
            "李小宝", sequence: "512", type: "child", birth: String(format: "%04d%02d%02d", birth.year, birth.month, birth.day), with: client)
        let order = try BookingFixtures.book(
            try journeyBookPage(client, classes: ("second", "second")), passengers: [holder, child], types: [child: "free_child"],
            with: client)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)
        let document = try order.document()
        XCTAssertEqual(document.nodes("//li[@data-ticket]").count, 2, "one seat on each train, none for the child")
        XCTAssertEqual(
            document.nodes("//li[@data-ticket]//p[@data-carried-child]").compactMap { $0.text.hasPrefix("携带免票儿童：李小宝") ? 1 : nil }.count, 2)
    }

    func testAChangeTooShortASecondTrainSoldOutOrNotFittingBooksNothing() throws {
        let (client, _) = try traveller()
        let page = try journeyBookPage(client)
        let g2 = try TimetableFixtures.runID(client.application, train: "G2", date: tomorrow)
        let g3 = try TimetableFixtures.runID(client.application, train: "G3", date: tomorrow)

        // G3 instead of G2: ten minutes at 中城.
        var tooShort = try page.document().form(action: "/orders")
        try tooShort.fill("then_run", String(g3))
        let refused = try client.submit(tooShort, from: page)
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertEqual(try refused.document().text("//div[@role='alert']/p"), "换乘时间不足 20 分钟。未预订任何车票。")

        // The second train's class sold out meanwhile: nothing of the first is kept either.
        try TimetableFixtures.sellAll(client.application, runID: g2, seatClass: .first, from: 0, to: 1)
        client.application.railway.inventory.forget(runID: g2)
        let soldOut = try BookingFixtures.book(page, with: client)
        XCTAssertEqual(soldOut.status, .conflict)
        XCTAssertEqual(try soldOut.document().text("//div[@role='alert']/p"), "联程的第二趟列车该席别余票不足。未预订任何车票。")

        // A second leg that does not start where the first ends.
        var elsewhere = try page.document().form(action: "/orders")
        try elsewhere.fill("then_from", "ZZZ")
        XCTAssertEqual(try client.submit(elsewhere, from: page).status, .notFound, "G2 does not run from 乙城 to 乙城")
        XCTAssertEqual(try orderCount(client), 0)
        let held = try client.application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM tickets")?.int("n") }
        XCTAssertEqual(held, 0, "no seat of G1 held")
    }

    func testASecondTrainIsRefundedFreeWhenTheFirstIsTooLateForTheChange() throws {
        let (client, _) = try traveller()
        let order = try BookingFixtures.book(try journeyBookPage(client), passengers: [try BookingFixtures.holderID(client)], with: client)
        _ = try PaymentFixtures.press("confirm", on: try PaymentFixtures.openProvider(order, with: client), with: client)
        let tickets = try client.get(order.target).document().nodes("//li[@data-ticket]").compactMap { $0.attribute("data-ticket") }
        XCTAssertEqual(tickets.count, 2)
        let (first, second) = (tickets[0], tickets[1])
        func late(_ ticket: String) throws -> (notice: String?, fee: String?) {
            let page = try client.get("/tickets/\(ticket)/refund").document()
            return (page.text("//p[@data-late]"), page.node("//*[@data-fee]")?.attribute("data-fee"))
        }
        XCTAssertNil(try late(second).notice, "on time: the usual fee")
        XCTAssertNotEqual(try late(second).fee, "¥0")

        // G1 runs 15 minutes late: short of the 20 that waive its own fee, and 13 late at 中城 (2
        // minutes made up), but G2 leaves 20 minutes after G1 is due, so the change is missed.
        let admin = try ShopOrderFixtures.admin(of: client)
        let g1 = try TimetableFixtures.runID(client.application, train: "G1", date: tomorrow)
        let runPage = try admin.get("/admin/runs?train=G1&date=\(tomorrow)")
        var delay = try runPage.document().form(action: "/admin/runs/\(g1)/delay")
        try delay.fill("minutes", "15")
        _ = try admin.submit(delay, from: runPage)
        XCTAssertNil(try late(first).notice, "15 minutes waive nothing for G1 itself")
        let broken = try late(second)
        XCTAssertEqual(broken.notice, "联程的前一趟列车 G1 预计到站晚点 13 分钟，赶不上本次列车：开车前可免费退票，或免费改签当日其他列车。")
        XCTAssertEqual(broken.fee, "¥0")
        let refund = try client.get("/tickets/\(second)/refund")
        _ = try client.submit(try refund.document().form(action: "/tickets/\(second)/refund"), from: refund)
        let refunds = try PaymentFixtures.refunds(client)
        let price = try client.application.database.read {
            try $0.queryOne("SELECT price_fen FROM tickets WHERE id = ?", [Int64(second)!])?.int("price_fen")
        }
        XCTAssertEqual(refunds.map(\.amountFen), [price ?? -1], "the whole fare back, no fee")
    }

    /// Eight travellers at once, four booking the journey and four G2 alone, for the 6 second-class
    /// seats G2 has left: 6 bookings go through, no seat is sold twice, and a journey refused for
    /// want of a G2 seat keeps nothing of G1.
    func testJourneysAndSingleBookingsAtOnceNeverSellASeatTwiceNorHalfAJourney() throws {
        let (first, _) = try traveller()
        let application = first.application
        let g1 = try TimetableFixtures.runID(application, train: "G1", date: tomorrow)
        let g2 = try TimetableFixtures.runID(application, train: "G2", date: tomorrow)
        try TimetableFixtures.sellAll(application, runID: g2, seatClass: .second, from: 0, to: 1, leavingFree: Array(0..<6))
        application.railway.inventory.forget(runID: g2)
        var riders: [(TestClient, TestResponse)] = []
        for index in 0..<8 {
            let client = try AccountFixtures.rider(index, on: application)
            let page =
                index < 4
                ? try journeyBookPage(client, classes: ("second", "second"))
                : try client.get("/book?run=\(g2)&from=MMM&to=ZZZ&class=second")
            XCTAssertEqual(page.status, .ok)
            riders.append((client, page))
        }
        let answers = Mutex<[Int: Status]>([:])
        // Each client is used by its own thread alone.
        nonisolated(unsafe) let each = riders
        DispatchQueue.concurrentPerform(iterations: each.count) { index in
            let (client, page) = each[index]
            let status = (try? BookingFixtures.book(page, with: client).status) ?? .internalServerError
            answers.withLock { $0[index] = status }
        }
        let statuses = answers.withLock { $0 }
        XCTAssertEqual(statuses.values.filter { $0 == .ok }.count, 6, "\(statuses)")
        XCTAssertEqual(statuses.values.filter { $0 == .conflict }.count, 2, "\(statuses)")
        try application.database.read { db in
            let seats = try db.query("SELECT coach_number, seat_index FROM tickets WHERE run_id = ?", [g2]).map {
                "\(try $0.int("coach_number"))-\(try $0.int("seat_index"))"
            }
            XCTAssertEqual(seats.count, 6)
            XCTAssertEqual(Set(seats).count, 6, "no G2 seat sold twice")
            let halfJourneys = try db.queryOne(
                """
                SELECT COUNT(*) AS n FROM tickets t WHERE t.run_id = ?
                  AND NOT EXISTS (SELECT 1 FROM tickets u WHERE u.order_id = t.order_id AND u.run_id = ?)
                """, [g1, g2])?.int("n")
            XCTAssertEqual(halfJourneys, 0, "every G1 ticket has its G2 ticket in the same order")
            let linked = try db.queryOne("SELECT COUNT(*) AS n FROM order_connections")?.int("n") ?? 0
            let journeys = try db.queryOne("SELECT COUNT(DISTINCT order_id) AS n FROM tickets WHERE run_id = ?", [g1])?.int("n") ?? 0
            XCTAssertEqual(linked, journeys)
            let coach = try XCTUnwrap(
                try db.queryOne(
                    "SELECT occupancy, seat_count FROM run_coaches WHERE run_id = ? AND seat_class = 'second' ORDER BY coach_number", [g2]))
            let firstCoach = try OccupancyBlob.decode(try coach.blob("occupancy"), seatCount: try coach.int("seat_count"))
            XCTAssertEqual(firstCoach.prefix(6).filter { $0 != 0 }.count, 6, "the 6 seats left are all sold, once each")
        }
    }
}
