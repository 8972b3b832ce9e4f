import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// Ticket types follow the passenger's document and saved details: a child ticket only under 14 on
/// the travel date (age from the resident ID or a saved birth date), a student ticket only with
/// saved student details, between the home and school cities, in second class or hard seat, four
/// single trips a school year. Fares on the test network: G101 甲城 → 丙城 second ¥276, first ¥444.
final class TicketTypeRulesTests: XCTestCase {
    private var client: TestClient!
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    override func setUpWithError() throws {
        client = try BookingFixtures.traveller()
    }

    /// `YYYYMMDD` of the day `years` years before `date` (29 February becomes 1 March).
    private func birth(_ years: Int, before date: CivilDate) -> String {
        let day =
            CivilDate(year: date.year - years, month: date.month, day: date.day)
            ?? CivilDate(year: date.year - years, month: 3, day: 1)!
        return day.description.replacingOccurrences(of: "-", with: "")
    }

    private func studentDetails(home: String, school: String) -> [String: String] {
        ["school": "甲城大学", "enrolment_year": String(ChinaTime.today().year - 1), "home_city": home, "school_city": school]
    }

    private func alert(_ response: TestResponse) throws -> String? {
        try response.document().text("//div[@role='alert']/p[1]")
    }

    private func ticketCount() throws -> Int {
        try client.application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM tickets")!.int("n") }
    }

    /// Submits the book page's form for `passenger` alone on ticket type `type`, which the page may not
    /// offer (as from a page opened before the rule applied, or a client of its own).
    private func book(_ page: TestResponse, passenger: Int64, as type: String) throws -> TestResponse {
        let fields = try page.document().form(action: "/orders").submission().fields
            .filter { $0.name != "passenger" && !$0.name.hasPrefix("type_") }.map { ($0.name, $0.value) }
        return try client.post("/orders", fields: fields + [("passenger", String(passenger)), ("type_\(passenger)", type)])
    }

    private func passengerRow(_ page: TestResponse, _ id: Int64) throws -> HTMLNode {
        try XCTUnwrap(try page.document().node("//div[@class='passenger-choice'][@data-passenger='\(id)']"))
    }

    // MARK: Child tickets

    func testAChildUnder14OnTheTravelDateTravelsAtHalfFare() throws {
        let child = try BookingFixtures.addPassenger("韩小梅", sequence: "246", type: "child", birth: "20150601", with: client)
        let toddler = try BookingFixtures.addPassenger("韩小宝", sequence: "358", type: "child", birth: birth(3, before: tomorrow), with: client)
        let page = try BookingFixtures.bookPage(with: client)
        XCTAssertEqual(try passengerRow(page, child).node(".//option[@selected]")?.attribute("value"), "child")
        XCTAssertEqual(try passengerRow(page, child).text(".//span[@class='passenger-choice__price']"), "¥138")
        let order = try BookingFixtures.book(page, passengers: [child, toddler], types: [child: "child", toddler: "child"], with: client)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)
        XCTAssertEqual(try order.document().text("//p[@class='order__total']/strong"), "¥276", "a child under 6 may have a seat of their own")
    }

    func testAChildTicketFor14OrOlderIsRefusedWithTheReasonAndNothingHeld() throws {
        let holder = try BookingFixtures.holderID(client)
        let refused = try book(try BookingFixtures.bookPage(with: client), passenger: holder, as: "child")
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertEqual(try alert(refused), "李雷 在乘车日已满 14 周岁，不能购买儿童票，请选择成人票。")
        XCTAssertEqual(try ticketCount(), 0)
    }

    func testTheAgeCountsOnTheTravelDate() throws {
        let fourteenTomorrow = try BookingFixtures.addPassenger("王小明", sequence: "111", birth: birth(14, before: tomorrow), with: client)
        let fourteenLater = try BookingFixtures.addPassenger(
            "王小红", sequence: "222", type: "child",
            birth: birth(14, before: tomorrow.adding(days: 1)), with: client)
        let page = try BookingFixtures.bookPage(with: client)
        XCTAssertEqual(
            try passengerRow(page, fourteenTomorrow).nodes(".//select[@name='type_\(fourteenTomorrow)']/option")
                .compactMap { $0.attribute("value") }, ["adult"], "14 on the travel date: no child ticket offered")
        let refused = try book(page, passenger: fourteenTomorrow, as: "child")
        XCTAssertEqual(try alert(refused), "王小明 在乘车日已满 14 周岁，不能购买儿童票，请选择成人票。")
        let booked = try BookingFixtures.book(
            try BookingFixtures.bookPage(with: client), passengers: [fourteenLater],
            types: [fourteenLater: "child"], with: client)
        XCTAssertTrue(booked.target.hasPrefix("/orders/E"), "13 until the day after: a child ticket tomorrow")
    }

    func testAPassportHolderNeedsASavedBirthDateForAChildTicket() throws {
        let passport = ["name": "Tom Lee", "certificate_type": "passport", "certificate_number": "E12345678", "passenger_type": "child"]
        let missing = try BookingFixtures.savePassenger(passport, with: client)
        XCTAssertEqual(missing.status, .unprocessableContent)
        XCTAssertEqual(
            try missing.document().text("//p[@id='field-birth-date-error']"),
            "购买儿童票须知道年龄：请填写出生日期（居民身份证号码已含出生日期）。")
        let saved = try BookingFixtures.savePassenger(passport.merging(["birth_date": "2016-05-01"]) { $1 }, with: client)
        XCTAssertEqual(saved.redirects, ["/me/passengers?saved=1"])
        let adult = try BookingFixtures.savePassenger(
            [
                "name": "Ann Lee", "certificate_type": "passport", "certificate_number": "E87654321",
                "passenger_type": "adult",
            ], with: client)
        XCTAssertEqual(adult.redirects, ["/me/passengers?saved=1"], "the birth date is optional otherwise")
        let ids = try adult.document().nodes("//li[@data-passenger]").compactMap { Int64($0.attribute("data-passenger") ?? "") }
        let (tom, ann) = (ids[1], ids[2])

        let unknown = try book(try BookingFixtures.bookPage(with: client), passenger: ann, as: "child")
        XCTAssertEqual(unknown.status, .conflict)
        XCTAssertEqual(try alert(unknown), "Ann Lee 的出生日期未知，不能购买儿童票：请在常用联系人中填写出生日期。")
        let booked = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), passengers: [tom], types: [tom: "child"], with: client)
        XCTAssertTrue(booked.target.hasPrefix("/orders/E"), booked.target)
        XCTAssertEqual(try booked.document().text("//p[@class='order__total']/strong"), "¥138")
    }

    func testTheBookPageDefaultsToATicketTypeThePassengerMayUseAndSaysWhy() throws {
        let grownUp = try BookingFixtures.addPassenger("王大明", sequence: "333", birth: "20100101", with: client)
        _ = try client.application.database.write { db in
            // Saved as a child years ago; 16 by now.
            try db.run("UPDATE passengers SET passenger_type = 'child' WHERE id = ?", [grownUp])
        }
        let page = try BookingFixtures.bookPage(with: client)
        let row = try passengerRow(page, grownUp)
        XCTAssertEqual(row.node(".//select[@name='type_\(grownUp)']/option[@selected]")?.attribute("value"), "adult")
        XCTAssertEqual(row.text(".//p[@class='passenger-choice__rule']"), "在乘车日已满 14 周岁，按成人票购买。")
        XCTAssertEqual(row.text(".//span[@class='passenger-choice__price']"), "¥276")
        let rules = try XCTUnwrap(try page.document().text("//p[@class='book-rules']"))
        XCTAssertTrue(rules.contains("儿童票") && rules.contains("14 周岁") && rules.contains("学生票") && rules.contains("4 次"), rules)
        XCTAssertEqual(try page.document().nodes("//span[@class='fare']").map(\.text), ["成人 ¥276", "儿童 ¥138", "学生 ¥207"])
        let first = try BookingFixtures.bookPage(seatClass: "first", with: client)
        XCTAssertEqual(
            try first.document().nodes("//span[@class='fare']").map(\.text), ["成人 ¥444", "儿童 ¥222"],
            "no student fare in first class")
    }

    func testTheFareShownIsTheFareCharged() throws {
        let child = try BookingFixtures.addPassenger("韩小梅", sequence: "246", type: "child", birth: "20150601", with: client)
        let holder = try BookingFixtures.holderID(client)
        var page = try BookingFixtures.bookPage(with: client)
        var form = try page.document().form(action: "/orders")
        try form.check("passenger", value: String(child))
        page = try client.submit(form, button: "preview", from: page)
        let shown = try page.document().nodes("//div[@class='passenger-choice']")
            .map { "\($0.attribute("data-passenger") ?? "") \($0.text(".//span[@class='passenger-choice__price']") ?? "")" }
        XCTAssertEqual(shown, ["\(holder) ¥276", "\(child) ¥138"])
        let total = try page.document().text("//strong[@data-total]")
        XCTAssertEqual(total, "¥414")
        let order = try client.submit(try page.document().form(action: "/orders"), from: page)
        let charged = try order.document().nodes("//li[@data-ticket]").map { ticket in
            (ticket.text(".//p[@class='ticket__passenger']") ?? "").components(separatedBy: " · ")[2]
        }
        XCTAssertEqual(charged, ["¥276", "¥138"], "each ticket costs what its row showed")
        XCTAssertEqual(try order.document().text("//p[@class='order__total']/strong"), total)
    }

    // MARK: Student tickets

    func testAStudentTicketNeedsSavedStudentDetails() throws {
        let holder = try BookingFixtures.holderID(client)
        let refused = try book(try BookingFixtures.bookPage(with: client), passenger: holder, as: "student")
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertEqual(try alert(refused), "李雷 没有填写学生信息（学校、入学年份、家庭所在城市和学校所在城市），不能购买学生票。")
        XCTAssertEqual(try ticketCount(), 0)
        let noDetails = try BookingFixtures.savePassenger(
            [
                "name": "韩同学", "certificate_type": "resident_id",
                "certificate_number": AccountFixtures.residentID(birth: "20050910", sequence: "442"),
                "passenger_type": "student",
            ], with: client)
        XCTAssertEqual(noDetails.status, .unprocessableContent)
        XCTAssertEqual(try noDetails.document().text("//p[@id='field-school-error']"), "学生须填写学校、入学年份、家庭所在城市和学校所在城市。")
    }

    func testStudentTicketsOnlyBetweenTheHomeAndSchoolCitiesEitherWay() throws {
        let student = try BookingFixtures.addPassenger(
            "韩同学", sequence: "442", type: "student", birth: "20050910",
            fields: studentDetails(home: "乙城", school: "甲城"), with: client)
        let page = try BookingFixtures.bookPage(train: "G103", from: "甲城", to: "乙城", with: client)
        let studentFare = try XCTUnwrap(try page.document().nodes("//span[@class='fare']").map(\.text).first { $0.hasPrefix("学生 ") })
        let towardsHome = try BookingFixtures.book(page, passengers: [student], types: [student: "student"], with: client)
        XCTAssertTrue(towardsHome.target.hasPrefix("/orders/E"), "any station of the school city (甲城东) to the home city")
        XCTAssertEqual(try towardsHome.document().text("//p[@class='order__total']/strong"), String(studentFare.dropFirst(3)))
        try RefundFixtures.markPaid(towardsHome.target, in: client.application)

        let elsewhere = try BookingFixtures.bookPage(train: "D301", from: "乙城", to: "丙城", with: client)
        XCTAssertEqual(
            try passengerRow(elsewhere, student).nodes(".//select[@name='type_\(student)']/option").compactMap { $0.attribute("value") },
            ["adult"])
        XCTAssertEqual(
            try passengerRow(elsewhere, student).text(".//p[@class='passenger-choice__rule']"),
            "学生票仅限乙城与甲城之间，按成人票购买。")
        let refused = try book(elsewhere, passenger: student, as: "student")
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertEqual(try alert(refused), "韩同学 的学生票仅限乙城与甲城之间的车站。")
    }

    func testTheReverseDirectionCountsToo() throws {
        let reverse = try TestSite.makeClient()
        try TimetableFixtures.load(into: reverse.application, trains: TimetableFixtures.trains + "\nG104|BBB,0,-,15:00|AAB,310,16:05,-")
        try AccountFixtures.register(with: reverse)
        let student = try BookingFixtures.addPassenger(
            "韩同学", sequence: "442", type: "student", birth: "20050910",
            fields: studentDetails(home: "乙城", school: "甲城"), with: reverse)
        let homeToSchool = try BookingFixtures.book(
            try BookingFixtures.bookPage(train: "G104", from: "乙城", to: "甲城", with: reverse),
            passengers: [student], types: [student: "student"], with: reverse)
        XCTAssertTrue(homeToSchool.target.hasPrefix("/orders/E"), homeToSchool.target)
    }

    func testStudentTicketsOnlyInSecondClassOrHardSeat() throws {
        let student = try BookingFixtures.addPassenger(
            "韩同学", sequence: "442", type: "student", birth: "20050910",
            fields: studentDetails(home: "丁城", school: "甲城"), with: client)
        let first = try BookingFixtures.addPassenger(
            "林同学", sequence: "554", type: "student", birth: "20050910",
            fields: studentDetails(home: "丙城", school: "甲城"), with: client)
        let refused = try book(try BookingFixtures.bookPage(seatClass: "first", with: client), passenger: first, as: "student")
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertEqual(try alert(refused), "学生票只能购买二等座或硬座，林同学 请选择成人票。")
        let hardSeat = try BookingFixtures.book(
            try BookingFixtures.bookPage(
                train: "K201", seatClass: "hard_seat", from: "甲城", to: "丁城",
                with: client),
            passengers: [student], types: [student: "student"], with: client)
        XCTAssertTrue(hardSeat.target.hasPrefix("/orders/E"), hardSeat.target)
    }

    func testAtMostFourStudentTripsASchoolYearAndARefundGivesOneBack() throws {
        let student = try BookingFixtures.addPassenger(
            "韩同学", sequence: "442", type: "student", birth: "20050910",
            fields: studentDetails(home: "丙城", school: "甲城"), with: client)
        var orders: [String] = []
        for day in 1...4 {
            let order = try BookingFixtures.book(
                try BookingFixtures.bookPage(date: ChinaTime.today().adding(days: day), with: client),
                passengers: [student], types: [student: "student"], with: client)
            XCTAssertTrue(order.target.hasPrefix("/orders/E"), "trip \(day): \(order.target)")
            try RefundFixtures.markPaid(order.target, in: client.application)
            orders.append(order.target)
        }
        let page = try BookingFixtures.bookPage(date: ChinaTime.today().adding(days: 5), with: client)
        let day = ChinaTime.today().adding(days: 5), startYear = day.month >= 10 ? day.year : day.year - 1
        let year = (first: "\(startYear)-10-01", last: "\(startYear + 1)-09-30")
        XCTAssertEqual(
            try passengerRow(page, student).text(".//p[@class='passenger-choice__rule']"),
            "本学年（\(year.first) 至 \(year.last)）的 4 次学生优惠已用完，按成人票购买。")
        let fifth = try book(page, passenger: student, as: "student")
        XCTAssertEqual(fifth.status, .conflict)
        XCTAssertEqual(try alert(fifth), "韩同学 本学年（\(year.first) 至 \(year.last)）的 4 次学生优惠已用完。")

        let ticket = try XCTUnwrap(try TicketFixtures.ticketIDs(String(orders[0].dropFirst(8)), in: client.application).first)
        let refundPage = try client.get("/tickets/\(ticket)/refund")
        _ = try client.submit(try refundPage.document().form(action: "/tickets/\(ticket)/refund"), from: refundPage)
        let again = try BookingFixtures.book(
            try BookingFixtures.bookPage(date: ChinaTime.today().adding(days: 5), with: client),
            passengers: [student], types: [student: "student"], with: client)
        XCTAssertTrue(again.target.hasPrefix("/orders/E"), "a refunded student ticket gives its trip back")
    }
}
