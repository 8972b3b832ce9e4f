import HTMLTesting
import HTTP
import Railbook
import XCTest

/// The details ticket types need, on the saved-passenger form and on the profile (the account
/// holder's own entry): a birth date for documents without one, and student details (school,
/// enrolment year, home city and school city, cities with a station).
final class PassengerDetailsTests: XCTestCase {
    private var client: TestClient!
    private let student: [String: String] = [
        "name": "韩同学", "certificate_type": "resident_id",
        "certificate_number": AccountFixtures.residentID(birth: "20050910", sequence: "442"), "passenger_type": "student",
        "school": "甲城大学", "enrolment_year": String(ChinaTime.today().year - 1), "home_city": "乙城", "school_city": "甲城",
    ]

    override func setUpWithError() throws {
        client = try BookingFixtures.traveller()
    }

    func testThePassengerFormHasTheNewFieldsInOrder() throws {
        let form = try client.get("/me/passengers/new").document().form(action: "/me/passengers")
        XCTAssertEqual(
            form.controlNames,
            [
                "csrf", "name", "certificate_type", "certificate_number", "passenger_type", "birth_date", "mobile",
                "school", "enrolment_year", "home_city", "school_city",
            ])
        let document = try client.get("/me/passengers/new").document()
        XCTAssertEqual(document.text("//p[@id='field-birth-date-hint']"), "年-月-日，如 2016-05-01。居民身份证号码已含出生日期，可不填；其他证件购买儿童票时必填。")
        XCTAssertEqual(document.text("//fieldset/legend"), "学生信息（购买学生票时填写）")
    }

    func testAStudentIsSavedShownAndEditedWithTheirDetails() throws {
        let saved = try BookingFixtures.savePassenger(student, with: client)
        XCTAssertEqual(saved.redirects, ["/me/passengers?saved=1"])
        let card = try XCTUnwrap(try saved.document().node("//li[@data-passenger][2]"))
        XCTAssertEqual(card.text(".//dt[.='学生信息']/following-sibling::dd"), "甲城大学 · \(ChinaTime.today().year - 1) 年入学 · 乙城 ⇄ 甲城")
        let id = try XCTUnwrap(card.attribute("data-passenger"))
        let edit = try client.get("/me/passengers/\(id)/edit")
        var form = try edit.document().form(action: "/me/passengers/\(id)")
        XCTAssertEqual(form.value("school"), "甲城大学")
        XCTAssertEqual(form.value("home_city"), "乙城")
        try form.fill("home_city", "丙城站")
        XCTAssertEqual(try client.submit(form, from: edit).redirects, ["/me/passengers?saved=1"])
        XCTAssertEqual(
            try client.get("/me/passengers/\(id)/edit").document().form(action: "/me/passengers/\(id)").value("home_city"), "丙城",
            "a station's name stands for its city")
    }

    func testEachBadDetailShowsAMessageNextToItsField() throws {
        let nextYear = String(ChinaTime.today().year + 1)
        let cases: [(changes: [String: String], field: String, message: String)] = [
            (["birth_date": "2016-02-30"], "birth_date", "请填写有效的出生日期（年-月-日），不能晚于今天。"),
            (["birth_date": nextYear + "-01-01"], "birth_date", "请填写有效的出生日期（年-月-日），不能晚于今天。"),
            (["birth_date": "2005-09-11"], "birth_date", "出生日期与身份证号码不符。"),
            (["school": ""], "school", "学生须填写学校、入学年份、家庭所在城市和学校所在城市。"),
            (["school": String(repeating: "学", count: 51)], "school", "学校名称最多 50 个字符，且不能换行。"),
            (["enrolment_year": nextYear], "enrolment_year", "请填写近 10 年内的入学年份（4 位数字）。"),
            (["enrolment_year": "20x4"], "enrolment_year", "请填写近 10 年内的入学年份（4 位数字）。"),
            (["home_city": "火星"], "home_city", "找不到该城市的车站：请填写车站列表中的城市名称，如 北京、上海。"),
            (["school_city": "乙城"], "school_city", "学校所在城市须与家庭所在城市不同。"),
        ]
        for (changes, field, message) in cases {
            let response = try BookingFixtures.savePassenger(student.merging(changes) { $1 }, with: client)
            XCTAssertEqual(response.status, .unprocessableContent, "\(changes)")
            let document = try response.document()
            let id = "field-" + field.replacingOccurrences(of: "_", with: "-")
            XCTAssertEqual(document.text("//p[@id='\(id)-error']"), message, "\(changes)")
            XCTAssertEqual(document.count("//p[@class='field-error']"), 1, "only \(field) is wrong: \(changes)")
            XCTAssertEqual(try document.form(action: "/me/passengers").value(field), changes[field], "the value is kept")
        }
        let partial = try BookingFixtures.savePassenger(student.merging(["passenger_type": "adult", "school_city": ""]) { $1 }, with: client)
        XCTAssertEqual(
            try partial.document().text("//p[@id='field-school-city-error']"), "请填写学校所在城市（或清空全部学生信息）。",
            "student details are all given or none")
        XCTAssertEqual(try client.get("/me/passengers").document().count("//li[@data-passenger]"), 1, "nothing was saved")
    }

    func testTheAccountHolderKeepsTheirOwnDetailsOnTheProfile() throws {
        let form = try client.get("/me/edit").document().form(action: "/me/edit")
        XCTAssertEqual(
            form.controlNames,
            [
                "csrf", "name", "certificate_type", "certificate_number", "mobile", "gender", "passenger_type",
                "birth_date", "info", "school", "enrolment_year", "home_city", "school_city", "current_password",
            ])
        let details = student.filter { ["passenger_type", "school", "enrolment_year", "home_city", "school_city"].contains($0.key) }
        let (saved, _) = try client.submitProfile(details.merging(["home_city": "丙城"]) { $1 })
        XCTAssertEqual(saved.redirects, ["/me?saved=1"])
        let holder = try BookingFixtures.holderID(client)
        let order = try BookingFixtures.book(
            try BookingFixtures.bookPage(with: client), passengers: [holder], types: [holder: "student"],
            with: client)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)
        XCTAssertEqual(try order.document().text("//p[@class='order__total']/strong"), "¥207")
        let (tooOld, document) = try client.submitProfile(["passenger_type": "child"])
        XCTAssertEqual(tooOld.status, .unprocessableContent)
        XCTAssertEqual(document.text("//p[@id='field-passenger-type-error']"), "已满 14 周岁，不能选择儿童。")
    }
}
