import HTMLTesting
import HTTP
@testable import Railbook
import Storage
import XCTest

/// A ticket issued later than it was asked for follows the ticket-type rules of the moment it is
/// issued, as a booking does: a waitlist served when seats come back, a ticket changed to another
/// trip. Fares on the test network: G101 甲城 → 丙城 second ¥276 (student ¥207, child ¥138), first ¥444.
final class TicketTypeRecheckTests: XCTestCase {
    private func studentDetails(home: String, school: String) -> [String: String] {
        ["school": "甲城大学", "enrolment_year": String(ChinaTime.today().year - 1), "home_city": home, "school_city": school]
    }

    /// The first day from tomorrow on whose school year also holds the four days after it, so that
    /// a student's trips on all five count together whatever day the test runs.
    private var firstOfFiveDaysInOneSchoolYear: CivilDate {
        var day = ChinaTime.today().adding(days: 1)
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

    private func studentTickets(_ application: Application) throws -> Int {
        try application.database.read { db in
            try db.queryOne("SELECT COUNT(*) AS n FROM tickets WHERE ticket_type = 'student' AND status IN ('held', 'issued')")!.int("n")
        }
    }

    // MARK: Waitlist fulfilment

    func testAWaitlistServedAfterTheStudentUsedTheirTripsIssuesNoFifthStudentTicket() throws {
        let day = firstOfFiveDaysInOneSchoolYear
        let seller = try BookingFixtures.traveller()
        let held = try BookingFixtures.book(try BookingFixtures.bookPage(date: day, with: seller),
                                            passengers: [try BookingFixtures.holderID(seller)], with: seller)
        XCTAssertTrue(held.target.hasPrefix("/orders/E"), held.target)
        try TimetableFixtures.sellAll(seller.application, runID: try TimetableFixtures.runID(seller.application, train: "G101", date: day),
                                      seatClass: .second, from: 0, to: 2)
        let family = try WaitlistFixtures.member("han_mm", name: "韩梅梅", sequence: "224", mobile: "13900000001", on: seller.application)
        let student = try BookingFixtures.addPassenger("韩同学", sequence: "442", type: "student", birth: "20050910",
                                                       fields: studentDetails(home: "丙城", school: "甲城"), with: family)
        let waitlist = try joinAndPay(on: day, passengers: [student], with: family)
        XCTAssertEqual(try waitlist.document().text("//ul[@class='waitlist__passengers']/li"), "韩同学 · 学生 · ¥207")

        for later in 1...4 {
            let order = try BookingFixtures.book(try BookingFixtures.bookPage(date: day.adding(days: later), with: family),
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
        XCTAssertEqual(notice.text, "新 候补订单 \(number) 未能兑现：韩同学 已不符合所选车票类型的条件（如本学年 4 次学生优惠已用完），"
                       + "按成人票价须付的票款超过预付款，预付款 ¥207 已全额退还。")
        XCTAssertEqual(try RefundFixtures.seatsLeft(daysAhead: day.daysSinceEpoch - ChinaTime.today().daysSinceEpoch, with: seller), "1",
                       "the seat stays on sale")
    }
}
