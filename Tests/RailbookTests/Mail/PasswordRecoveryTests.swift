import HTMLTesting
import HTTP
import Railbook
import XCTest

final class PasswordRecoveryTests: XCTestCase {
    private var client: TestClient!
    private let person = AccountFixtures.Person()
    private let newPassword = "Rails&Tea2027"

    override func setUpWithError() throws {
        client = try TestSite.makeClient(acceptLanguage: "en")
        try AccountFixtures.register(person, with: client)
        try AccountFixtures.askForAddress("li@example.com", with: client)
        try AccountFixtures.confirmAddress(token: try QueuedMail.latestToken("address_confirmation", on: client), with: client)
        try AccountFixtures.logOut(with: client)
    }

    @discardableResult
    private func forgot(_ login: String, with browser: TestClient? = nil) throws -> TestResponse {
        let browser = browser ?? client!
        let page = try browser.get("/login")
        let link = try XCTUnwrap(try page.document().node("//a[@href='/password/forgot']"), "the login page offers recovery")
        let form = try browser.get(link.attribute("href") ?? "")
        var fields = try form.document().form(action: "/password/forgot")
        try fields.fill("login", login)
        return try browser.submit(fields, from: form)
    }

    private func reset(token: String, to password: String, with browser: TestClient? = nil) throws -> TestResponse {
        let browser = browser ?? client!
        let page = try browser.get("/password/reset?token=" + token)
        var form = try page.document().form(action: "/password/reset")
        try form.fill("new_password", password)
        try form.fill("new_password_confirmation", password)
        return try browser.submit(form, from: page)
    }

    func testEveryRequestIsAnsweredTheSameAndOnlyAnAccountWithAnAddressIsMailed() throws {
        let answers = try ["nobody_here", person.mobile, "LI@example.com"].map { try forgot($0) }
        let texts = try answers.map { try $0.document().text("//main") }
        XCTAssertEqual(Set(answers.map(\.status)), [.ok])
        XCTAssertEqual(Set(texts).count, 1, "the same answer for every account")
        let resets = try QueuedMail.all(on: client).filter { $0.kind == "password_reset" }
        XCTAssertEqual(resets.count, 2, "by mobile and by address; none for an unknown account")
        XCTAssertEqual(Set(resets.map(\.recipient)), ["li@example.com"])
    }

    func testTheLinkSetsANewPasswordLogsInOnceAndEndsEveryOtherSession() throws {
        let phone = TestClient(application: client.application, acceptLanguage: "en")
        try AccountFixtures.logIn(person.account, person.password, with: phone)
        XCTAssertEqual(try phone.get("/me").target, "/me")
        try forgot(person.account)
        let token = try QueuedMail.latestToken("password_reset", on: client)
        let done = try reset(token: token, to: newPassword)
        XCTAssertEqual(done.target, "/me?saved=1", "the link logs in")
        XCTAssertNotEqual(try phone.get("/me").target, "/me", "every other browser is logged out")
        XCTAssertEqual(try client.get("/password/reset?token=" + token).status, .gone, "and never again")
        XCTAssertEqual(try QueuedMail.all(on: client).last?.kind, "password_changed")

        try AccountFixtures.logOut(with: client)
        XCTAssertNotEqual(try AccountFixtures.logIn(person.account, person.password, with: client).target, "/me")
        XCTAssertEqual(try AccountFixtures.logIn(person.account, newPassword, with: client).target, "/me")
    }

    func testALinkDiesWhenThePasswordChangesAndAfterThirtyMinutes() throws {
        try forgot(person.account)
        let first = try QueuedMail.latestToken("password_reset", on: client)
        try forgot(person.account)
        let second = try QueuedMail.latestToken("password_reset", on: client)
        XCTAssertEqual(try reset(token: second, to: newPassword).target, "/me?saved=1")
        XCTAssertEqual(try client.get("/password/reset?token=" + first).status, .gone, "bound to the password it replaces")

        try AccountFixtures.logOut(with: client)
        try forgot(person.account)
        let late = try QueuedMail.latestToken("password_reset", on: client)
        let clock = try XCTUnwrap(client.application.clock as? SettableClock)
        clock.advance(by: 30 * 60 + 1)
        let expired = try client.get("/password/reset?token=" + late)
        XCTAssertEqual(expired.status, .gone)
        XCTAssertNotNil(try expired.document().node("//a[@href='/password/forgot']"), "the page says where to ask again")
        XCTAssertEqual(try client.get("/password/reset?token=forged").status, .gone)
    }

    func testResetLinksMailedToAnAddressDieWhenTheAccountMovesToAnother() throws {
        try forgot(person.account)
        let token = try QueuedMail.latestToken("password_reset", on: client)
        try AccountFixtures.logIn(person.account, person.password, with: client)
        try AccountFixtures.askForAddress("lei@example.org", with: client)
        try AccountFixtures.confirmAddress(token: try QueuedMail.latestToken("address_confirmation", on: client), with: client)
        XCTAssertEqual(try client.get("/password/reset?token=" + token).status, .gone)
    }

    func testAStrangerAskingOftenFillsTheOwnersInboxWithWorkingLinksOnly() throws {
        let stranger = TestClient(application: client.application, acceptLanguage: "en")
        for _ in 0..<6 { XCTAssertEqual(try forgot(person.account, with: stranger).status, .ok) }
        let tokens = try QueuedMail.all(on: client).filter { $0.kind == "password_reset" }.compactMap(\.secret)
        XCTAssertEqual(tokens.count, 3, "three mails a quarter of an hour per account")
        XCTAssertEqual(try reset(token: tokens[0], to: newPassword).target, "/me?saved=1", "each of them lets the owner in")
    }

    func testOneNetworkAskingTooOftenIsToldToWait() throws {
        for index in 0..<20 { XCTAssertEqual(try forgot("someone_\(index)").status, .ok) }
        let refused = try forgot(person.account)
        XCTAssertEqual(refused.status, .tooManyRequests)
        XCTAssertNotNil(refused.headers["Retry-After"])
        XCTAssertTrue(try QueuedMail.all(on: client).filter { $0.kind == "password_reset" }.isEmpty)
    }

    func testAMismatchedNewPasswordKeepsTheLinkAndTheOldPassword() throws {
        try forgot(person.account)
        let token = try QueuedMail.latestToken("password_reset", on: client)
        let page = try client.get("/password/reset?token=" + token)
        var form = try page.document().form(action: "/password/reset")
        try form.fill("new_password", newPassword)
        try form.fill("new_password_confirmation", newPassword + "x")
        XCTAssertEqual(try client.submit(form, from: page).status, .unprocessableContent)
        XCTAssertEqual(try client.get("/password/reset?token=" + token).status, .ok, "the link still works")
        XCTAssertEqual(try AccountFixtures.logIn(person.account, person.password, with: client).target, "/me")
    }
}
