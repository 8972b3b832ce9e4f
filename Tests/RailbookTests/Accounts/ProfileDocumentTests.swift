import HTMLTesting
import HTTP
import Railbook
import XCTest

/// Changing the identity document on `/me/edit`: it needs the current password, follows the document
/// rules, must not belong to anyone else, and the account holder's passenger entry follows it.
final class ProfileDocumentTests: XCTestCase {
    private var client: TestClient!
    private let person = AccountFixtures.Person()
    /// A man's number, as the registered gender is male.
    private let newID = AccountFixtures.residentID(region: "310104", birth: "19851120", sequence: "247")

    override func setUpWithError() throws {
        client = try TestSite.makeClient()
        try AccountFixtures.register(person, with: client)
    }

    func testChangingTheDocumentNeedsTheCurrentPassword() throws {
        let (missing, document) = try client.submitProfile(["certificate_number": newID])
        XCTAssertEqual(missing.status, .unprocessableContent)
        XCTAssertEqual(document.text("//p[@id='field-current-password-error']"), "修改证件信息须输入当前密码。")
        XCTAssertEqual(try document.form(action: "/me/edit").value("certificate_number"), newID, "the value is kept")

        let (wrong, wrongDocument) = try client.submitProfile(["certificate_number": newID, "current_password": "Wrong2026!"])
        XCTAssertEqual(wrong.status, .unprocessableContent)
        XCTAssertEqual(wrongDocument.text("//p[@id='field-current-password-error']"), "当前密码不正确。")
        XCTAssertEqual(try wrongDocument.form(action: "/me/edit").value("current_password"), "", "passwords are never sent back")
        XCTAssertFalse(wrong.text.contains("Wrong2026!"))

        let (typeOnly, _) = try client.submitProfile(["certificate_type": "passport", "certificate_number": "E12345678"])
        XCTAssertEqual(typeOnly.status, .unprocessableContent)
        XCTAssertEqual(try client.accountHolderEntry(), ["李雷", "resident_id", person.certificateNumber, person.mobile])

        let (saved, savedDocument) = try client.submitProfile(["certificate_number": newID, "current_password": person.password])
        XCTAssertEqual(saved.redirects, ["/me?saved=1"])
        XCTAssertEqual(savedDocument.text("//dt[.='证件号码']/following-sibling::dd"), "3101**********" + String(newID.suffix(4)))
        XCTAssertEqual(try client.accountHolderEntry(), ["李雷", "resident_id", newID, person.mobile])
    }

    func testDocumentRulesApplyToANewDocument() throws {
        let cases: [(String, String, String)] = [
            ("resident_id", String(newID.dropLast()) + (newID.last == "0" ? "1" : "0"), "身份证号码无效：请检查 18 位号码、出生日期和最后一位校验码。"),
            ("resident_id", AccountFixtures.residentID(birth: "19900230"), "身份证号码无效：请检查 18 位号码、出生日期和最后一位校验码。"),
            ("resident_id", "", "请填写证件号码。"),
            ("passport", "E12", "护照号码为 5–17 位字母和数字。"),
            ("hk_macau_permit", "X12345678", "港澳通行证号码为 H 或 M 加 8 位或 10 位数字。"),
        ]
        for (type, number, message) in cases {
            let (response, document) = try client.submitProfile([
                "certificate_type": type, "certificate_number": number,
                "current_password": person.password,
            ])
            XCTAssertEqual(response.status, .unprocessableContent, number)
            XCTAssertEqual(document.text("//p[@id='field-certificate-number-error']"), message, number)
            XCTAssertEqual(document.count("//p[@class='field-error']"), 1, number)
        }
        let (passport, _) = try client.submitProfile([
            "certificate_type": "passport", "certificate_number": "e 1234 5678",
            "current_password": person.password,
        ])
        XCTAssertEqual(passport.redirects, ["/me?saved=1"])
        XCTAssertEqual(try client.accountHolderEntry(), ["李雷", "passport", "E12345678", person.mobile])
    }

    func testAnotherUsersDocumentOrMobileIsRefused() throws {
        let other = TestClient(application: client.application)
        var han = AccountFixtures.Person()
        han.account = "han_meimei"
        han.certificateNumber = newID
        han.mobile = "13900000000"
        try AccountFixtures.register(han, with: other)

        let (response, document) = try client.submitProfile([
            "certificate_number": newID, "mobile": "13900000000",
            "current_password": person.password,
        ])
        XCTAssertEqual(response.status, .unprocessableContent)
        XCTAssertEqual(document.text("//p[@id='field-certificate-number-error']"), "该证件已注册过账号。")
        XCTAssertEqual(document.text("//p[@id='field-mobile-error']"), "该手机号码已被其他账号使用。")
        XCTAssertEqual(try client.accountHolderEntry(), ["李雷", "resident_id", person.certificateNumber, person.mobile])

        let (own, _) = try client.submitProfile(["mobile": person.mobile, "info": "unchanged document and mobile are mine"])
        XCTAssertEqual(own.redirects, ["/me?saved=1"])
    }

    func testADocumentAlreadyAmongTheSavedPassengersIsRefused() throws {
        let page = try client.get("/me/passengers/new")
        var form = try page.document().form(action: "/me/passengers")
        for (name, value) in [
            "name": "李雷", "certificate_type": "passport", "certificate_number": "E12345678",
            "passenger_type": "adult",
        ] {
            try form.fill(name, value)
        }
        XCTAssertEqual(try client.submit(form, from: page).status, .ok)
        let (response, document) = try client.submitProfile([
            "certificate_type": "passport", "certificate_number": "E12345678",
            "current_password": person.password,
        ])
        XCTAssertEqual(response.status, .unprocessableContent)
        XCTAssertEqual(document.text("//p[@id='field-certificate-number-error']"), "该证件属于您的一位常用联系人，请先删除该联系人。")
        XCTAssertEqual(try client.accountHolderEntry(), ["李雷", "resident_id", person.certificateNumber, person.mobile])
    }
}
