import HTMLTesting
import HTTP
import Railbook
import Storage
import XCTest

final class ProfileTests: XCTestCase {
    private var client: TestClient!
    private let person = AccountFixtures.Person()

    override func setUpWithError() throws {
        client = try TestSite.makeClient()
        try AccountFixtures.register(person, with: client)
    }

    func testTheFormOpensWithTheStoredDetailsAndAnEmptyPassword() throws {
        let page = try client.get("/me")
        XCTAssertNotNil(try page.document().node("//a[@href='/me/edit']"))
        let document = try client.get("/me/edit").document()
        XCTAssertEqual(document.text("//h1"), "编辑资料")
        let form = try document.form(action: "/me/edit")
        XCTAssertEqual(
            form.controlNames,
            [
                "csrf", "name", "certificate_type", "certificate_number", "mobile", "gender", "passenger_type",
                "birth_date", "info", "school", "enrolment_year", "home_city", "school_city", "current_password",
            ])
        XCTAssertEqual(form.value("name"), "李雷")
        XCTAssertEqual(form.value("certificate_type"), "resident_id")
        XCTAssertEqual(form.value("certificate_number"), person.certificateNumber)
        XCTAssertEqual(form.value("mobile"), person.mobile)
        XCTAssertEqual(form.value("gender"), "male")
        XCTAssertEqual(form.value("current_password"), "")
        XCTAssertEqual(document.text("//dt[.='用户名']/following-sibling::dd"), "li_lei")
    }

    func testVisitorsAreSentToLogIn() throws {
        let visitor = TestClient(application: client.application)
        let page = try visitor.get("/me/edit")
        XCTAssertEqual(page.target, "/login?next=%2Fme%2Fedit")
        _ = try page.document()
    }

    /// (The gender follows a resident ID number: `GenderRuleTests` changes it with a passport.)
    func testChangingNameMobileAndInfoNeedsNoPassword() throws {
        let (response, document) = try client.submitProfile(["name": " 李 雷 ", "mobile": "13900001111", "info": "靠窗"])
        XCTAssertEqual(response.redirects, ["/me?saved=1"])
        XCTAssertEqual(document.text("//p[@role='status']"), "已保存。")
        XCTAssertEqual(document.text("//dt[.='姓名']/following-sibling::dd"), "李 雷")
        XCTAssertEqual(document.text("//dt[.='手机号码']/following-sibling::dd"), "139****1111")
        XCTAssertEqual(document.text("//dt[.='性别']/following-sibling::dd"), "男")
        XCTAssertEqual(document.text("//dt[.='备注']/following-sibling::dd"), "靠窗")
        XCTAssertEqual(document.text("//header//a[@href='/me']"), "我的 · 李 雷")
        XCTAssertEqual(try client.accountHolderEntry(), ["李 雷", "resident_id", person.certificateNumber, "13900001111"])
        try AccountFixtures.logOut(with: client)
        XCTAssertEqual(try AccountFixtures.logIn("13900001111", person.password, with: client).target, "/me")
    }

    func testEachFieldRuleShowsAMessageAndKeepsTheValues() throws {
        let cases: [(String, String, String)] = [
            ("name", "", "请填写证件上的姓名。"),
            ("name", String(repeating: "长", count: 51), "姓名最多 50 个字符，且不能换行。"),
            ("mobile", "23812345678", "手机号码为以 1 开头的 11 位数字。"),
            ("mobile", "", "手机号码为以 1 开头的 11 位数字。"),
            ("gender", "", "请选择性别。"),
            ("info", String(repeating: "x", count: 501), "备注最多 500 字。"),
        ]
        for (field, value, message) in cases {
            let (response, document) = try client.submitProfile([field: value])
            XCTAssertEqual(response.status, .unprocessableContent, "\(field)=\(value)")
            let id = "field-" + field.replacingOccurrences(of: "_", with: "-")
            XCTAssertEqual(document.text("//p[@id='\(id)-error']"), message, field)
            XCTAssertEqual(document.node("//*[@id='\(id)']")?.attribute("aria-invalid"), "true", field)
            XCTAssertEqual(document.count("//p[@class='field-error']"), 1, "only \(field) is wrong")
            XCTAssertNotNil(document.node("//p[@role='alert']"))
            let form = try document.form(action: "/me/edit")
            XCTAssertEqual(form.value("certificate_number"), person.certificateNumber)
            if field != "mobile" { XCTAssertEqual(form.value("mobile"), person.mobile) }
        }
        XCTAssertEqual(try client.accountHolderEntry(), ["李雷", "resident_id", person.certificateNumber, person.mobile])
    }

    func testFormsWithoutTokenAreForbidden() throws {
        let response = try client.post("/me/edit", fields: [("name", "Mallory"), ("mobile", person.mobile), ("gender", "male")])
        XCTAssertEqual(response.status, .forbidden)
        _ = try response.document()
        XCTAssertEqual(try client.accountHolderEntry()[0], "李雷")
    }

    func testEditInEnglish() throws {
        client.defaultHeaders.set("Accept-Language", "en")
        let (response, document) = try client.submitProfile(["certificate_type": "passport", "certificate_number": "E12345678"])
        XCTAssertEqual(response.status, .unprocessableContent)
        XCTAssertEqual(document.text("//h1"), "Edit profile")
        XCTAssertEqual(document.text("//p[@id='field-current-password-error']"), "Enter your current password to change your identity document.")
    }
}

extension TestClient {
    /// Opens `/me/edit`, changes the given fields as a user would and submits the form.
    func submitProfile(_ changes: [String: String]) throws -> (TestResponse, HTMLDocument) {
        let page = try get("/me/edit")
        var form = try page.document().form(action: "/me/edit")
        for (name, value) in changes { try form.fill(name, value) }
        let response = try submit(form, from: page)
        return (response, try response.document())
    }

    /// The account holder's own passenger entry (name, document type and number, mobile), from the database.
    func accountHolderEntry() throws -> [String] {
        let row = try application.database.read { db in
            try db.queryOne("SELECT name, certificate_type, certificate_number, mobile FROM passengers WHERE is_account_holder = 1")
        }
        let entry = try XCTUnwrap(row)
        return [
            try entry.string("name"), try entry.string("certificate_type"), try entry.string("certificate_number"),
            try entry.string("mobile"),
        ]
    }
}
