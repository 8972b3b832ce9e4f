import HTMLTesting
import HTTP
import Railbook
import XCTest

final class RegistrationTests: XCTestCase {
    private var client: TestClient!

    override func setUpWithError() throws {
        client = try TestSite.makeClient()
    }

    func testRegisteringLogsInAndShowsMyPageWithMaskedDocuments() throws {
        let page = try AccountFixtures.register(with: client)
        XCTAssertEqual(page.status, .ok)
        XCTAssertEqual(page.target, "/me")
        let document = try page.document()
        XCTAssertEqual(document.text("//p[@class='hub-card__title']"), "我的铁路行")
        XCTAssertEqual(document.text("//dt[.='证件号码']/following-sibling::dd"), "1101**********" + String(AccountFixtures.residentID().suffix(4)))
        XCTAssertEqual(document.text("//dt[.='手机号码']/following-sibling::dd"), "138****5678")
        XCTAssertNil(document.node("//*[contains(., '13812345678')]"))
        XCTAssertEqual(document.text("//header//a[@href='/me']"), "我的 · 李雷")
        XCTAssertNotNil(client.cookies["session"])
        XCTAssertEqual(client.cookies["accounts"], "li_lei")
    }

    func testTheFormShowsEveryFieldWithALabel() throws {
        let form = try client.get("/register").document().form(action: "/register")
        XCTAssertEqual(
            form.controlNames,
            [
                "csrf", "account", "password", "password_confirmation", "name", "certificate_type",
                "certificate_number", "mobile", "email", "gender", "info",
            ])
    }

    private func submitWith(_ changes: [String: String]) throws -> (TestResponse, HTMLDocument) {
        let page = try client.get("/register")
        var form = try page.document().form(action: "/register")
        let person = AccountFixtures.Person()
        let values = [
            "account": person.account, "password": person.password, "password_confirmation": person.password,
            "name": person.name, "certificate_type": "resident_id", "certificate_number": person.certificateNumber,
            "mobile": person.mobile, "gender": "male", "info": "",
        ].merging(changes) { $1 }
        for (name, value) in values { try form.fill(name, value) }
        let response = try client.submit(form, from: page)
        return (response, try response.document())
    }

    func testEachFieldRuleShowsAMessageNextToTheFieldAndKeepsTheValues() throws {
        let cases: [(String, String, String)] = [
            ("account", "abc", "请使用 4–30 位字母、数字或下划线。"),
            ("account", "li lei!", "请使用 4–30 位字母、数字或下划线。"),
            ("password", "short1", "密码须为 8–64 个字符，且至少包含字母、数字、符号中的两种。"),
            ("password", "onlyletters", "密码须为 8–64 个字符，且至少包含字母、数字、符号中的两种。"),
            ("password_confirmation", "Different2026!", "两次输入的密码不一致。"),
            ("name", "  ", "请填写证件上的姓名。"),
            ("certificate_number", String(AccountFixtures.residentID().dropLast()) + "0", "身份证号码无效：请检查 18 位号码、出生日期和最后一位校验码。"),
            ("certificate_number", AccountFixtures.residentID(birth: "19901332"), "身份证号码无效：请检查 18 位号码、出生日期和最后一位校验码。"),
            ("certificate_number", "", "请填写证件号码。"),
            ("mobile", "23812345678", "手机号码为以 1 开头的 11 位数字。"),
            ("mobile", "1381234567", "手机号码为以 1 开头的 11 位数字。"),
            ("gender", "", "请选择性别。"),
        ]
        for (field, value, message) in cases {
            let (response, document) = try submitWith([field: value])
            XCTAssertEqual(response.status, .unprocessableContent, "\(field)=\(value)")
            let id = "field-" + field.replacingOccurrences(of: "_", with: "-")
            XCTAssertEqual(document.text("//p[@id='\(id)-error']"), message, "\(field)=\(value)")
            XCTAssertEqual(document.node("//*[@id='\(id)']")?.attribute("aria-invalid"), "true", field)
            XCTAssertEqual(document.count("//p[@class='field-error']"), 1, "only \(field) is wrong")
            let form = try document.form(action: "/register")
            XCTAssertEqual(form.value("password"), "", "passwords are never sent back")
            if field != "account" { XCTAssertEqual(form.value("account"), "li_lei") }
            XCTAssertEqual(form.value("name"), field == "name" ? "" : "李雷")
        }
        XCTAssertNil(client.cookies["session"])
    }

    func testPassportHolderCanRegister() throws {
        let (response, document) = try submitWith(["certificate_type": "passport", "certificate_number": "e1234 5678"])
        XCTAssertEqual(response.target, "/me")
        XCTAssertEqual(document.text("//dt[.='证件号码']/following-sibling::dd"), "E123*5678")
    }

    func testDuplicateAccountCertificateAndMobileAreRefused() throws {
        try AccountFixtures.register(with: client)
        try AccountFixtures.logOut(with: client)
        let (first, document) = try submitWith(["account": "LI_LEI"])
        XCTAssertEqual(first.status, .unprocessableContent)
        XCTAssertEqual(document.text("//p[@id='field-account-error']"), "该用户名已被使用，请换一个。")
        XCTAssertEqual(document.text("//p[@id='field-certificate-number-error']"), "该证件已注册过账号。")
        XCTAssertEqual(document.text("//p[@id='field-mobile-error']"), "该手机号码已被其他账号使用。")
        let (second, _) = try submitWith([
            "account": "han_meimei", "certificate_number": AccountFixtures.residentID(sequence: "224"),
            "mobile": "13900000000", "gender": "female",
        ])
        XCTAssertEqual(second.target, "/me")
    }

    func testRegisterInEnglish() throws {
        let english = try TestSite.makeClient(acceptLanguage: "en")
        let document = try english.get("/register").document()
        XCTAssertEqual(document.text("//h1"), "Create your account")
        XCTAssertEqual(document.text("//label[@for='field-certificate-number']"), "Document number")
    }
}
