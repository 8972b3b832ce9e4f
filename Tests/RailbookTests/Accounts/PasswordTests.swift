import HTMLTesting
import HTTP
import Railbook
import XCTest

final class PasswordTests: XCTestCase {
    private var client: TestClient!
    private let person = AccountFixtures.Person()
    private let newPassword = "Rails&Tea2027"

    override func setUpWithError() throws {
        client = try TestSite.makeClient()
        try AccountFixtures.register(person, with: client)
    }

    /// Opens the form, fills the three fields and submits it.
    private func change(current: String, new: String, again: String? = nil) throws -> (TestResponse, HTMLDocument) {
        let page = try client.get("/me/password")
        var form = try page.document().form(action: "/me/password")
        try form.fill("current_password", current)
        try form.fill("new_password", new)
        try form.fill("new_password_confirmation", again ?? new)
        let response = try client.submit(form, from: page)
        return (response, try response.document())
    }

    func testTheFormHasThreeEmptyPasswordFields() throws {
        XCTAssertNotNil(try client.get("/me").document().node("//a[@href='/me/password']"))
        let document = try client.get("/me/password").document()
        XCTAssertEqual(document.text("//h1"), "修改密码")
        let form = try document.form(action: "/me/password")
        XCTAssertEqual(form.controlNames, ["csrf", "current_password", "new_password", "new_password_confirmation"])
        for name in ["current_password", "new_password", "new_password_confirmation"] {
            XCTAssertEqual(document.node("//input[@name='\(name)']")?.attribute("type"), "password", name)
            XCTAssertEqual(form.value(name), "", name)
        }
    }

    func testChangingEndsOtherSessionsAndKeepsThisOne() throws {
        let phone = TestClient(application: client.application)
        XCTAssertEqual(try AccountFixtures.logIn("li_lei", person.password, with: phone).target, "/me")

        let (response, document) = try change(current: person.password, new: newPassword)
        XCTAssertEqual(response.redirects, ["/me?saved=1"])
        XCTAssertEqual(document.text("//p[@role='status']"), "已保存。")
        XCTAssertEqual(try client.get("/me").target, "/me", "this browser stays logged in")

        let loggedOut = try phone.get("/me")
        XCTAssertEqual(loggedOut.target, "/login?next=%2Fme&expired=1", "the other browser is logged out")
        _ = try loggedOut.document()

        try AccountFixtures.logOut(with: client)
        let old = try AccountFixtures.logIn("li_lei", person.password, with: client)
        XCTAssertEqual(old.status, .unprocessableContent, "the old password no longer works")
        _ = try old.document()
        XCTAssertEqual(try AccountFixtures.logIn("li_lei", newPassword, with: client).target, "/me")
    }

    func testWrongOrMissingCurrentPasswordIsRefused() throws {
        for (current, message) in [("Wrong2026!", "当前密码不正确。"), ("", "请输入当前密码。")] {
            let (response, document) = try change(current: current, new: newPassword)
            XCTAssertEqual(response.status, .unprocessableContent, current)
            XCTAssertEqual(document.text("//p[@id='field-current-password-error']"), message, current)
            XCTAssertEqual(document.node("//input[@id='field-current-password']")?.attribute("aria-invalid"), "true")
            XCTAssertEqual(document.count("//p[@class='field-error']"), 1)
            let form = try document.form(action: "/me/password")
            XCTAssertEqual(
                [form.value("current_password"), form.value("new_password"), form.value("new_password_confirmation")],
                ["", "", ""], "passwords are never sent back")
            XCTAssertFalse(response.text.contains(newPassword))
        }
        try AccountFixtures.logOut(with: client)
        XCTAssertEqual(try AccountFixtures.logIn("li_lei", person.password, with: client).target, "/me", "nothing changed")
    }

    func testRepeatedWrongCurrentPasswordsAreThrottled() throws {
        client.application.stopClock() // the delay passes only when the test says so, however slow the password checks
        for _ in 1...5 { _ = try change(current: "Wrong2026!", new: newPassword) }
        let (response, document) = try change(current: person.password, new: newPassword)
        XCTAssertEqual(response.status, .unprocessableContent)
        XCTAssertEqual(document.text("//p[@id='field-current-password-error']"), "密码错误次数过多，请稍后再试。")
    }

    func testNewPasswordRules() throws {
        let rules = "密码须为 8–64 个字符，且至少包含字母、数字、符号中的两种。"
        let cases: [(String, String, String, String)] = [
            ("short1", "short1", "new_password", rules),
            ("onlyletters", "onlyletters", "new_password", rules),
            ("12345678901", "12345678901", "new_password", rules),
            (String(repeating: "a1", count: 33), String(repeating: "a1", count: 33), "new_password", rules),
            (newPassword, "Rails&Tea2028", "new_password_confirmation", "两次输入的密码不一致。"),
            (person.password, person.password, "new_password", "新密码不能与当前密码相同。"),
        ]
        for (new, again, field, message) in cases {
            let (response, document) = try change(current: person.password, new: new, again: again)
            XCTAssertEqual(response.status, .unprocessableContent, new)
            let id = "field-" + field.replacingOccurrences(of: "_", with: "-")
            XCTAssertEqual(document.text("//p[@id='\(id)-error']"), message, new)
            XCTAssertEqual(document.count("//p[@class='field-error']"), 1, new)
        }
        try AccountFixtures.logOut(with: client)
        XCTAssertEqual(try AccountFixtures.logIn("li_lei", person.password, with: client).target, "/me", "nothing changed")
    }

    func testPostWithoutTokenIsForbidden() throws {
        let response = try client.post(
            "/me/password",
            fields: [
                ("current_password", person.password),
                ("new_password", newPassword), ("new_password_confirmation", newPassword),
            ])
        XCTAssertEqual(response.status, .forbidden)
        _ = try response.document()
        try AccountFixtures.logOut(with: client)
        XCTAssertEqual(try AccountFixtures.logIn("li_lei", person.password, with: client).target, "/me")
    }

    func testVisitorsAreSentToLogIn() throws {
        let visitor = TestClient(application: client.application)
        let page = try visitor.get("/me/password")
        XCTAssertEqual(page.target, "/login?next=%2Fme%2Fpassword")
        _ = try page.document()
    }
}
