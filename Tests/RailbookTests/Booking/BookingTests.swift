import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

final class BookingTests: XCTestCase {
    func testBookForSelfAndTwoPassengersSeatsThemTogether() throws {
        let client = try BookingFixtures.traveller()
        let han = try BookingFixtures.addPassenger("韩梅梅", sequence: "224", with: client)
        let lily = try BookingFixtures.addPassenger("林小丽", sequence: "336", type: "child", birth: "20160520", with: client)
        let page = try BookingFixtures.bookPage(with: client)
        let document = try page.document()
        XCTAssertEqual(document.node("//input[@name='passenger'][@checked]")?.attribute("value"), String(try BookingFixtures.holderID(client)))
        XCTAssertEqual(document.text("//strong[@data-total]"), "¥276")
        let holder = try BookingFixtures.holderID(client)
        let order = try BookingFixtures.book(page, passengers: [holder, han, lily], types: [lily: "child"], with: client)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)
        let orderPage = try order.document()
        XCTAssertEqual(orderPage.node("//section[@data-order]")?.attribute("data-status"), "unpaid")
        let tickets = orderPage.nodes("//li[@data-ticket]")
        XCTAssertEqual(tickets.count, 3)
        XCTAssertEqual(Set(tickets.map { $0.attribute("data-coach") }).count, 1, "one coach")
        let seats = tickets.compactMap { $0.attribute("data-seat") }
        XCTAssertEqual(Set(seats.map { $0.dropLast() }).count, 1, "one row: \(seats)")
        XCTAssertEqual(orderPage.text("//p[@class='order__total']/strong"), "¥690")
        XCTAssertNotNil(orderPage.node("//form[@action='\(order.target)/pay']"))
        XCTAssertTrue(orderPage.text("//p[@class='order__deadline']")?.contains("30") ?? false)
    }

    func testSoldOutRefusesAndHoldsNothing() throws {
        let client = try BookingFixtures.traveller()
        let page = try BookingFixtures.bookPage(with: client)
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: ChinaTime.today().adding(days: 1))
        try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: .second, from: 1, to: 2)
        let refused = try BookingFixtures.book(page, with: client)
        XCTAssertEqual(refused.status, .conflict)
        let document = try refused.document()
        XCTAssertEqual(document.text("//div[@role='alert']/p[1]"), "该席别余票不足，未预订任何座位。")
        XCTAssertNotNil(document.node("//a[starts-with(@href,'/waitlist/new?run=\(runID)')]"))
        let counts = try client.application.database.read { db in
            (try db.queryOne("SELECT COUNT(*) AS n FROM orders")!.int("n"), try db.queryOne("SELECT COUNT(*) AS n FROM tickets")!.int("n"))
        }
        XCTAssertEqual(counts.0, 0)
        XCTAssertEqual(counts.1, 0)
    }

    func testAPassengerCannotHoldTwoOverlappingTrips() throws {
        let client = try BookingFixtures.traveller()
        let first = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), with: client)
        XCTAssertTrue(first.target.hasPrefix("/orders/"))
        try RefundFixtures.markPaid(first.target, in: client.application)
        let overlapping = try BookingFixtures.book(try BookingFixtures.bookPage(train: "G103", from: "甲城", to: "乙城", with: client), with: client)
        XCTAssertEqual(overlapping.status, .conflict)
        XCTAssertEqual(try overlapping.document().text("//div[@role='alert']/p[1]"), "李雷 已有同一时间段的车票。")
        let later = try BookingFixtures.book(
            try BookingFixtures.bookPage(
                train: "K201", seatClass: "hard_seat", from: "甲城", to: "丁城",
                with: client), with: client)
        XCTAssertTrue(later.target.hasPrefix("/orders/"), "an evening train does not overlap")
    }

    func testASeatHeldForAPassengerByAnotherAccountIsAnOverlapToo() throws {
        let client = try BookingFixtures.traveller()
        let friend = try BookingFixtures.addPassenger("王芳", sequence: "448", with: client)
        let other = try WaitlistFixtures.member("han_mm", name: "韩梅梅", sequence: "224", mobile: "13900000001", on: client.application)
        let theirs = try BookingFixtures.addPassenger("王芳", sequence: "448", with: other)
        let held = try BookingFixtures.book(try BookingFixtures.bookPage(with: other), passengers: [theirs], with: other)
        XCTAssertTrue(held.target.hasPrefix("/orders/"), held.target)
        let overlapping = try BookingFixtures.book(
            try BookingFixtures.bookPage(train: "G103", from: "甲城", to: "乙城", with: client),
            passengers: [friend], with: client)
        XCTAssertEqual(overlapping.status, .conflict)
        XCTAssertEqual(try overlapping.document().text("//div[@role='alert']/p[1]"), "王芳 已有同一时间段的车票。")
    }

    func testAnotherUsersOrderAndPassengersAreOffLimits() throws {
        let client = try BookingFixtures.traveller()
        let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), with: client)
        let other = TestClient(application: client.application)
        try AccountFixtures.register(
            AccountFixtures.Person(
                account: "han_mm", name: "韩梅梅",
                certificateNumber: AccountFixtures.residentID(sequence: "224"),
                mobile: "13900000000", gender: "female"), with: other)
        XCTAssertEqual(try other.get(order.target).status, .notFound)
        let page = try BookingFixtures.bookPage(with: other)
        let foreign = try client.application.database.read { try $0.queryOne("SELECT id FROM passengers ORDER BY id LIMIT 1")!.int64("id") }
        let fields = try page.document().form(action: "/orders").submission().fields.map { ($0.name, $0.value) }
        let refused = try other.post("/orders", fields: fields + [("passenger", String(foreign))])
        XCTAssertEqual(try refused.document().text("//div[@role='alert']/p[1]"), "有乘车人不在您的常用联系人中。")
    }

    func testCancellingReleasesTheSeatsAndThreeCancellationsBlockTheDay() throws {
        let client = try BookingFixtures.traveller()
        for attempt in 1...3 {
            let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), with: client)
            let cancelled = try client.submit(try order.document().form(action: order.target + "/cancel"), from: order)
            XCTAssertEqual(try cancelled.document().node("//section[@data-order]")?.attribute("data-status"), "cancelled", "\(attempt)")
            let seats = try BookingFixtures.bookPage(with: client)
            _ = seats
        }
        let results = try client.get("/search?from=%E7%94%B2%E5%9F%8E&to=%E4%B8%99%E5%9F%8E&date=\(ChinaTime.today().adding(days: 1))")
        XCTAssertEqual(try results.document().node("//li[@data-train='G101']//li[@data-class='second']")?.attribute("data-seats"), "540")
        let blocked = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), with: client)
        XCTAssertEqual(try blocked.document().text("//div[@role='alert']/p[1]"), "您今天已取消 3 个订单，明天才能继续订票。")
    }

    func testUnpaidOrdersExpireAndReleaseTheirSeats() throws {
        let client = try BookingFixtures.traveller()
        let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), with: client)
        try client.keepBrowsing(order.target, for: client.application.configuration.deadlines.holdSeconds)
        client.application.runJobsNow()
        XCTAssertEqual(try client.get(order.target).document().node("//section[@data-order]")?.attribute("data-status"), "expired")
        let occupied = try client.application.database.read { db in
            try db.query("SELECT occupancy FROM run_coaches").filter { !(try $0.blob("occupancy")).isEmpty }.count
        }
        XCTAssertEqual(occupied, 0)
    }
}
