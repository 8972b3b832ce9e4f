import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// A child under 6 on the travel date travels free without a seat with a passenger on an adult or
/// student ticket of the same order, one child each, named on that passenger's ticket; a child
/// under 6 may also take a child ticket with a seat. G101 甲城 → 丙城 tomorrow, second class ¥276.
final class FreeChildTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    func testAChildUnder6TravelsFreeWithAnAdultAndIsNamedOnTheirTicket() throws {
        let client = try BookingFixtures.traveller()
        let holder = try BookingFixtures.holderID(client)
        let child = try kid("李小宝", years: 4, sequence: "512", client)
        let page = try BookingFixtures.bookPage(with: client)
        var document = try page.document()
        XCTAssertEqual(
            document.text("//p[@data-free-child-hint]"),
            "未满 6 周岁的儿童可随同购买成人票或学生票的乘车人免费乘车，不单独占用席位，每人限带一名（票种选“免票儿童”）；需要单独座位时请购买儿童票。")
        let option = try XCTUnwrap(document.node("//select[@name='type_\(child)']/option[@value='free_child']"))
        XCTAssertEqual(option.text, "免票儿童（不占座）")
        XCTAssertEqual(option.attribute("data-fen"), "0")
        XCTAssertNil(document.node("//select[@name='type_\(holder)']/option[@value='free_child']"), "an adult is not offered it")
        let seatsBefore = try XCTUnwrap(Int(try RefundFixtures.seatsLeft(daysAhead: 1, with: client) ?? ""))

        let order = try BookingFixtures.book(page, passengers: [holder, child], types: [child: "free_child"], with: client)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)
        document = try order.document()
        let tickets = document.nodes("//li[@data-ticket]")
        XCTAssertEqual(tickets.count, 1, "the child has no seat")
        let carried = try XCTUnwrap(document.text("//li[@data-ticket]//p[@data-carried-child]"))
        XCTAssertTrue(carried.hasPrefix("携带免票儿童：李小宝（中国居民身份证 1101"), carried)
        XCTAssertEqual(try PaymentFixtures.order(client).totalFen, 27_600, "the child pays nothing")
        XCTAssertEqual(try RefundFixtures.seatsLeft(daysAhead: 1, with: client), String(seatsBefore - 1), "one seat sold")

        try RefundFixtures.markPaid(order.target, in: client.application)
        let ticketID = try XCTUnwrap(tickets.first?.attribute("data-ticket"))
        let eticket = try client.get("/tickets/\(ticketID)").document()
        XCTAssertTrue(eticket.text("//p[@data-carried-child]")?.hasPrefix("携带免票儿童：李小宝") ?? false)
    }

    func testAFreeChildAloneASecondFreeChildForOneAdultAndASixYearOldAreRefusedWithTheChoicesKept() throws {
        let client = try BookingFixtures.traveller()
        let holder = try BookingFixtures.holderID(client)
        let first = try kid("李小宝", years: 4, sequence: "512", client)
        let second = try kid("李小贝", years: 2, sequence: "524", client)
        let older = try kid("李大宝", years: 6, sequence: "536", client)

        let alone = try BookingFixtures.book(
            try BookingFixtures.bookPage(with: client), passengers: [first], types: [first: "free_child"], with: client)
        XCTAssertEqual(alone.status, .conflict)
        XCTAssertEqual(try alone.document().text("//div[@role='alert']/p"), "免票儿童须随同购买成人票或学生票的乘车人乘车，请同时选择一位成人乘车人。")

        let two = try BookingFixtures.book(
            try BookingFixtures.bookPage(with: client), passengers: [holder, first, second],
            types: [first: "free_child", second: "free_child"], with: client)
        XCTAssertEqual(two.status, .conflict)
        let document = try two.document()
        XCTAssertEqual(document.text("//div[@role='alert']/p"), "每位成人或学生乘车人只能免费携带一名未满 6 周岁的儿童，其余儿童请购买儿童票。")
        for id in [first, second] {
            XCTAssertEqual(
                document.node("//select[@name='type_\(id)']/option[@value='free_child']")?.attribute("selected"), "selected",
                "the choice is kept")
        }

        let page = try BookingFixtures.bookPage(with: client)
        XCTAssertNil(try page.document().node("//select[@name='type_\(older)']/option[@value='free_child']"), "6 on the travel date")
        var fields = try page.document().form(action: "/orders").submission().fields.map { ($0.name, $0.value) }
        fields += [("passenger", String(older)), ("type_\(older)", "free_child")]
        let sixYearOld = try client.post("/orders", fields: fields)
        XCTAssertEqual(sixYearOld.status, .conflict)
        XCTAssertEqual(try sixYearOld.document().text("//div[@role='alert']/p"), "李大宝 在乘车日已满 6 周岁，不能免票乘车，请购买儿童票。")
        XCTAssertEqual(try client.application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM orders")?.int("n") }, 0)

        let seated = try BookingFixtures.book(
            try BookingFixtures.bookPage(with: client), passengers: [holder, first], types: [first: "child"], with: client)
        XCTAssertTrue(seated.target.hasPrefix("/orders/E"), seated.target)
        XCTAssertEqual(try seated.document().nodes("//li[@data-ticket]").count, 2, "a child under 6 may take a child ticket with a seat")
        XCTAssertEqual(try PaymentFixtures.order(client).totalFen, 27_600 + 13_800)
    }

    func testAChildCarriedOnATripIsNotCarriedOrSeatedOnAnotherAtTheSameTime() throws {
        let client = try BookingFixtures.traveller()
        let holder = try BookingFixtures.holderID(client)
        let other = try BookingFixtures.addPassenger("韩梅梅", sequence: "224", with: client)
        let child = try kid("李小宝", years: 4, sequence: "512", client)
        let first = try BookingFixtures.book(
            try BookingFixtures.bookPage(with: client), passengers: [holder, child], types: [child: "free_child"], with: client)
        try RefundFixtures.markPaid(first.target, in: client.application)
        for type in ["free_child", "child"] {
            let again = try BookingFixtures.book(
                try BookingFixtures.bookPage(with: client), passengers: [other, child], types: [child: type], with: client)
            XCTAssertEqual(again.status, .conflict, type)
            XCTAssertTrue(try again.document().text("//div[@role='alert']/p")?.hasPrefix("李小宝") ?? false, type)
        }
    }

    func testAChangedTicketTakesTheChildAlong() throws {
        let client = try BookingFixtures.traveller()
        let holder = try BookingFixtures.holderID(client)
        let child = try kid("李小宝", years: 4, sequence: "512", client)
        let date = ChinaTime.today().adding(days: 3)
        let order = try BookingFixtures.book(
            try BookingFixtures.bookPage(date: date, with: client), passengers: [holder, child], types: [child: "free_child"], with: client)
        try RefundFixtures.markPaid(order.target, in: client.application)
        let ticketID = try XCTUnwrap(try client.get(order.target).document().node("//li[@data-ticket]")?.attribute("data-ticket"))
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: date.adding(days: 1))
        let confirm = try client.get("/tickets/\(ticketID)/change/confirm?run=\(runID)&class=second")
        let changed = try client.submit(try confirm.document().form(action: "/tickets/\(ticketID)/change"), from: confirm).document()
        let replacement = try XCTUnwrap(changed.node("//li[@data-changed-from='\(ticketID)']"))
        XCTAssertTrue(replacement.text(".//p[@data-carried-child]")?.hasPrefix("携带免票儿童：李小宝") ?? false)
        XCTAssertNil(changed.node("//li[@data-ticket='\(ticketID)']//p[@data-carried-child]"), "no longer on the old ticket")
    }

    func testAChangeToADayTheChildIsSixIsRefused() throws {
        let client = try BookingFixtures.traveller()
        let holder = try BookingFixtures.holderID(client)
        let date = ChinaTime.today().adding(days: 3), nextDay = date.adding(days: 1)
        let birthday = try XCTUnwrap(CivilDate(year: nextDay.year - 6, month: nextDay.month, day: nextDay.day))
        let child = try BookingFixtures.addPassenger(
            "李小宝", sequence: "512", type: "child",
            birth: String(format: "%04d%02d%02d", birthday.year, birthday.month, birthday.day), with: client)
        let order = try BookingFixtures.book(
            try BookingFixtures.bookPage(date: date, with: client), passengers: [holder, child], types: [child: "free_child"], with: client)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), "5 on the travel date: \(order.target)")
        try RefundFixtures.markPaid(order.target, in: client.application)
        let ticketID = try XCTUnwrap(try client.get(order.target).document().node("//li[@data-ticket]")?.attribute("data-ticket"))
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: nextDay)
        let confirm = try client.get("/tickets/\(ticketID)/change/confirm?run=\(runID)&class=second").document()
        XCTAssertEqual(
            confirm.text("//div[@role='alert']/p[1]"), "随行的免票儿童 李小宝 在新乘车日已满 6 周岁，不能再免费乘车：请改签其他日期，或退票后为儿童购票。")
        XCTAssertNil(confirm.node("//form[@action='/tickets/\(ticketID)/change']"))
    }

    // MARK: - Helpers

    /// Saves a child passenger who is `years` old on tomorrow's date; returns their id.
    private func kid(_ name: String, years: Int, sequence: String, _ client: TestClient) throws -> Int64 {
        let birth = CivilDate(year: tomorrow.year - years, month: tomorrow.month, day: min(tomorrow.day, 28))!
        let digits = String(format: "%04d%02d%02d", birth.year, birth.month, birth.day)
        return try BookingFixtures.addPassenger(name, sequence: sequence, type: "child", birth: digits, with: client)
    }
}
