import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// A ticket issued later than it was asked for follows the ticket-type rules of the moment it is
/// issued, as a booking does: a waitlist served when seats come back, a ticket changed to another
/// trip. Fares on the test network: G101 甲城 → 丙城 second ¥276 (student ¥207, child ¥138), first ¥444.
final class TicketTypeRecheckTests: XCTestCase {
    private func studentDetails(home: String, school: String) -> [String: String] {
        ["school": "甲城大学", "enrolment_year": String(ChinaTime.today().year - 1), "home_city": home, "school_city": school]
    }

    /// The first day from three days ahead (more than 48 hours: a change to another date costs no
    /// fee) whose school year also holds the four days after it, so that a student's trips on all
    /// five count together whatever day the test runs.
    private var firstOfFiveDaysInOneSchoolYear: CivilDate {
        var day = ChinaTime.today().adding(days: 3)
        while SchoolYear.containing(day) != SchoolYear.containing(day.adding(days: 4)) { day = day.adding(days: 1) }
        return day
    }

    /// Joins the waitlist of G101 甲城 → 丙城 second class on `date` from the search results with
    /// `passengers` alone and pays it on the provider page; returns the waitlist page.
    private func joinAndPay(on date: CivilDate, passengers: [Int64], with client: TestClient) throws -> TestResponse {
        let results = try client.get("/search?from=\(PercentEncoding.encode("甲城"))&to=\(PercentEncoding.encode("丙城"))&date=\(date)")
        let link = try XCTUnwrap(results.document().node("//li[@data-train='G101']//li[@data-class='second']/a")?.attribute("href"))
        XCTAssertTrue(link.hasPrefix("/waitlist/new?"), link)
        let provider = try WaitlistFixtures.join(try client.get(link), passengers: passengers, with: client)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        let back = try client.submit(try provider.document().form(action: provider.target + "/confirm"), from: provider)
        XCTAssertTrue(back.target.hasPrefix("/waitlist/W"), back.target)
        return back
    }

    /// `YYYYMMDD` of the day `years` years before `date` (29 February becomes 1 March).
    private func birth(_ years: Int, before date: CivilDate) -> String {
        let day =
            CivilDate(year: date.year - years, month: date.month, day: date.day)
            ?? CivilDate(year: date.year - years, month: 3, day: 1)!
        return day.description.replacingOccurrences(of: "-", with: "")
    }

    /// Books G101 甲城 → 丙城 in `seatClass` on `date` for `passenger` on ticket type `type` and marks
    /// the order paid; returns the order page's address and the ticket's id.
    private func paidTicket(
        for passenger: Int64, as type: String, on date: CivilDate, seatClass: String = "second",
        with client: TestClient
    ) throws -> (order: String, ticketID: Int64) {
        let order = try BookingFixtures.book(
            try BookingFixtures.bookPage(seatClass: seatClass, date: date, with: client),
            passengers: [passenger], types: [passenger: type], with: client)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)
        try RefundFixtures.markPaid(order.target, in: client.application)
        let ticket = try XCTUnwrap(try TicketFixtures.ticketIDs(String(order.target.dropFirst("/orders/".count)), in: client.application).first)
        return (order.target, ticket)
    }

    /// Confirms the change on `confirm`, pays the difference on Railbook Pay, and returns the order page.
    private func changePayingTheDifference(_ confirm: TestResponse, ticketID: Int64, with client: TestClient) throws -> TestResponse {
        let provider = try client.submit(try confirm.document().form(action: "/tickets/\(ticketID)/change"), from: confirm)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        return try client.submit(try provider.document().form(action: provider.target + "/confirm"), from: provider)
    }

    /// The ticket type and fare an order page shows for the ticket that replaced `ticketID`.
    private func replacement(of ticketID: Int64, on order: TestResponse) throws -> (type: String, price: String, classCode: String?) {
        let node = try XCTUnwrap(try order.document().node("//li[@data-changed-from='\(ticketID)']"))
        XCTAssertEqual(node.attribute("data-status"), "issued")
        let parts = (node.text(".//p[@class='ticket__passenger']") ?? "").components(separatedBy: " · ")
        return (parts.count > 2 ? parts[1] : "", parts.count > 2 ? parts[2] : "", node.attribute("data-class"))
    }

    private func studentTickets(_ application: Application) throws -> Int {
        try application.database.read { db in
            try db.queryOne("SELECT COUNT(*) AS n FROM tickets WHERE ticket_type = 'student' AND status IN ('held', 'issued')")!.int("n")
        }
    }

    // MARK: Waitlist fulfilment

    func testAWaitlistServedAfterTheStudentUsedTheirTripsIssuesNoFifthStudentTicket() throws {
        let day = firstOfFiveDaysInOneSchoolYear
        let seller = try BookingFixtures.traveller()
        let held = try BookingFixtures.book(
            try BookingFixtures.bookPage(date: day, with: seller),
            passengers: [try BookingFixtures.holderID(seller)], with: seller)
        XCTAssertTrue(held.target.hasPrefix("/orders/E"), held.target)
        try TimetableFixtures.sellAll(
            seller.application, runID: try TimetableFixtures.runID(seller.application, train: "G101", date: day),
            seatClass: .second, from: 0, to: 2)
        let family = try WaitlistFixtures.member("han_mm", name: "韩梅梅", sequence: "224", mobile: "13900000001", on: seller.application)
        let student = try BookingFixtures.addPassenger(
            "韩同学", sequence: "442", type: "student", birth: "20050910",
            fields: studentDetails(home: "丙城", school: "甲城"), with: family)
        let waitlist = try joinAndPay(on: day, passengers: [student], with: family)
        XCTAssertEqual(try waitlist.document().text("//ul[@class='waitlist__passengers']/li"), "韩同学 · 学生 · ¥207")

        for later in 1...4 {
            let order = try BookingFixtures.book(
                try BookingFixtures.bookPage(date: day.adding(days: later), with: family),
                passengers: [student], types: [student: "student"], with: family)
            XCTAssertTrue(order.target.hasPrefix("/orders/E"), "student trip \(later): \(order.target)")
            try RefundFixtures.markPaid(order.target, in: family.application)
        }
        XCTAssertEqual(try studentTickets(family.application), 4)

        try WaitlistFixtures.cancel(held, with: seller)

        let closed = try family.get(waitlist.target).document()
        let section = try XCTUnwrap(closed.node("//section[@data-waitlist]"))
        XCTAssertEqual(section.attribute("data-status"), "refunded", "not served as a fifth student ticket")
        XCTAssertEqual(section.attribute("data-reason"), "ticket_type")
        XCTAssertEqual(closed.text("//p[@class='waitlist__status']/strong"), "已退款（乘车人已不符合车票类型的条件）")
        XCTAssertEqual(closed.node("//span[@data-refunded]")?.attribute("data-refunded"), "¥207")
        XCTAssertNil(closed.node("//a[@data-order]"))
        XCTAssertEqual(try studentTickets(family.application), 4, "no fifth student ticket")
        XCTAssertEqual(try WaitlistFixtures.payments(family).map(\.status), ["refunded"])
        XCTAssertEqual(try WaitlistFixtures.payments(family).map(\.refundedFen), [20700])
        let notice = try XCTUnwrap(try family.get("/me").document().node("//li[@data-key='notice_waitlist_refunded_ticket_type']"))
        let number = String(waitlist.target.dropFirst("/waitlist/".count))
        XCTAssertEqual(
            notice.text,
            "新 候补订单 \(number) 未能兑现：韩同学 已不符合所选车票类型的条件（如本学年 4 次学生优惠已用完），"
                + "按成人票价须付的票款超过预付款，预付款 ¥207 已全额退还。")
        XCTAssertEqual(
            try RefundFixtures.seatsLeft(daysAhead: day.daysSinceEpoch - ChinaTime.today().daysSinceEpoch, with: seller), "1",
            "the seat stays on sale")
    }

    // MARK: Changes (改签)

    func testAStudentTicketChangedToAClassTheStudentRuleDoesNotCoverBecomesAnAdultTicket() throws {
        let client = try BookingFixtures.traveller()
        let student = try BookingFixtures.addPassenger(
            "韩同学", sequence: "442", type: "student", birth: "20050910",
            fields: studentDetails(home: "丙城", school: "甲城"), with: client)
        let day = ChinaTime.today().adding(days: 3)
        let paid = try paidTicket(for: student, as: "student", on: day, with: client)
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: day)

        let list = try client.get("/tickets/\(paid.ticketID)/change").document()
        let offer = try XCTUnwrap(list.node("//li[@data-train='G101']//li[@data-class='first']"))
        XCTAssertEqual(offer.attribute("data-price"), "¥444")
        XCTAssertTrue(offer.text.contains("+¥237"), offer.text)
        let confirm = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(runID)&class=first")
        let document = try confirm.document()
        XCTAssertEqual(document.node("//*[@data-ticket-type]")?.attribute("data-ticket-type"), "adult", "the quote shows the new type")
        XCTAssertEqual(document.text("//*[@data-ticket-type]"), "成人")
        XCTAssertEqual(document.text("//p[@data-type-change]"), "学生票只限二等座和硬座，按成人票购买。")
        XCTAssertEqual(document.node("//*[@data-new-price]")?.attribute("data-new-price"), "¥444")
        XCTAssertEqual(document.node("//*[@data-to-pay]")?.attribute("data-to-pay"), "¥237", "the adult fare less the student fare paid")

        let order = try changePayingTheDifference(confirm, ticketID: paid.ticketID, with: client)
        XCTAssertEqual(order.target, paid.order)
        let changed = try replacement(of: paid.ticketID, on: order)
        XCTAssertEqual(changed.classCode, "first")
        XCTAssertEqual(changed.type, "成人", "no student ticket in first class")
        XCTAssertEqual(changed.price, "¥444")
        XCTAssertEqual(try studentTickets(client.application), 0)
    }

    func testAChildTicketChangedToADayThePassengerIs14BecomesAnAdultTicketAndTheDifferenceIsPaid() throws {
        let client = try BookingFixtures.traveller()
        let ticketDay = ChinaTime.today().adding(days: 3), birthday = ticketDay.adding(days: 1)
        let child = try BookingFixtures.addPassenger("王小明", sequence: "111", type: "child", birth: birth(14, before: birthday), with: client)
        let paid = try paidTicket(for: child, as: "child", on: ticketDay, with: client)
        XCTAssertEqual(try RefundFixtures.payment(paid.order, in: client.application).amountFen, 13_800)

        let list = try client.get("/tickets/\(paid.ticketID)/change?date=\(birthday)").document()
        let offer = try XCTUnwrap(list.node("//li[@data-train='G101']//li[@data-class='second']"))
        XCTAssertEqual(offer.attribute("data-price"), "¥276", "14 on that day: the adult fare")
        XCTAssertTrue(offer.text.contains("+¥138"), offer.text)
        let confirm = try client.get(try XCTUnwrap(offer.nodes(".//a").first?.attribute("href")))
        let document = try confirm.document()
        XCTAssertEqual(document.node("//*[@data-ticket-type]")?.attribute("data-ticket-type"), "adult")
        XCTAssertEqual(document.text("//p[@data-type-change]"), "在乘车日已满 14 周岁，按成人票购买。")
        XCTAssertEqual(document.node("//*[@data-new-price]")?.attribute("data-new-price"), "¥276")
        XCTAssertEqual(document.node("//*[@data-to-pay]")?.attribute("data-to-pay"), "¥138")

        let order = try changePayingTheDifference(confirm, ticketID: paid.ticketID, with: client)
        let changed = try replacement(of: paid.ticketID, on: order)
        XCTAssertEqual(changed.type, "成人")
        XCTAssertEqual(changed.price, "¥276")
        XCTAssertEqual(try RefundFixtures.changePayment(in: client.application)?.status, "paid")

        let stillChild = try paidTicket(for: child, as: "child", on: ticketDay.adding(days: -1), with: client)
        let sameDay = try client.get("/tickets/\(stillChild.ticketID)/change?date=\(ticketDay)").document()
        XCTAssertEqual(
            sameDay.node("//li[@data-train='G101']//li[@data-class='first']")?.attribute("data-price"), "¥222",
            "still 13 that day: a child ticket, at half the first-class fare")
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: ticketDay)
        let firstClass = try client.get("/tickets/\(stillChild.ticketID)/change/confirm?run=\(runID)&class=first").document()
        XCTAssertEqual(firstClass.node("//*[@data-ticket-type]")?.attribute("data-ticket-type"), "child")
        XCTAssertNil(firstClass.node("//p[@data-type-change]"))
    }

    func testAStudentTicketChangedWithinTheRuleStaysAStudentTicketAndUsesNoNewTrip() throws {
        let day = firstOfFiveDaysInOneSchoolYear
        let client = try BookingFixtures.traveller()
        let student = try BookingFixtures.addPassenger(
            "韩同学", sequence: "442", type: "student", birth: "20050910",
            fields: studentDetails(home: "丙城", school: "甲城"), with: client)
        var tickets: [(order: String, ticketID: Int64)] = []
        for later in 0...3 { tickets.append(try paidTicket(for: student, as: "student", on: day.adding(days: later), with: client)) }
        let lastDay = day.adding(days: 4)

        let list = try client.get("/tickets/\(tickets[0].ticketID)/change?date=\(lastDay)").document()
        XCTAssertEqual(list.node("//li[@data-train='G101']//li[@data-class='second']")?.attribute("data-price"), "¥207")
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: lastDay)
        let confirm = try client.get("/tickets/\(tickets[0].ticketID)/change/confirm?run=\(runID)&class=second")
        XCTAssertEqual(
            try confirm.document().node("//*[@data-ticket-type]")?.attribute("data-ticket-type"), "student",
            "the ticket's own trip moves with it: the fourth trip is not counted twice")
        XCTAssertEqual(try confirm.document().node("//*[@data-difference]")?.attribute("data-difference"), "¥0")
        let order = try client.submit(try confirm.document().form(action: "/tickets/\(tickets[0].ticketID)/change"), from: confirm)
        XCTAssertEqual(try replacement(of: tickets[0].ticketID, on: order).type, "学生")
        XCTAssertEqual(try studentTickets(client.application), 4, "the change used no new trip")

        let page = try BookingFixtures.bookPage(date: lastDay.adding(days: -1), with: client)
        XCTAssertEqual(
            try page.document().nodes("//select[@name='type_\(student)']/option").compactMap { $0.attribute("value") }, ["adult"],
            "the four trips of the school year are still all used")
    }
}
