import HTMLTesting
import HTTP
import Railbook
import XCTest

final class EmailAddressTests: XCTestCase {
    private var client: TestClient!
    private let person = AccountFixtures.Person()

    override func setUpWithError() throws {
        client = try TestSite.makeClient(acceptLanguage: "en")
        try AccountFixtures.register(person, with: client)
    }

    func testANewAddressCountsOnlyOnceItsLinkIsFollowed() throws {
        let asked = try AccountFixtures.askForAddress("Li.Lei@Example.COM", with: client)
        XCTAssertEqual(asked.target, "/me/email?sent=1")
        var page = try client.get("/me/email").document()
        XCTAssertNil(page.node("//*[@data-email]"), "not the account's address before its link is followed")
        XCTAssertTrue((page.text("//*[@data-pending-email]") ?? "").contains("Li.Lei@example.com"), "stored with its domain in lower case")
        let mail = try XCTUnwrap(try QueuedMail.all(on: client).last)
        XCTAssertEqual(mail.kind, "address_confirmation")
        XCTAssertEqual(mail.recipient, "Li.Lei@example.com")

        let question = try client.get("/email/confirm?token=" + (mail.secret ?? ""))
        XCTAssertEqual(question.status, .ok)
        XCTAssertTrue((try question.document().text("//p[@class='lead']") ?? "").contains(person.account))
        page = try client.get("/me/email").document()
        XCTAssertNil(page.node("//*[@data-email]"), "opening the link alone changes nothing")

        let done = try AccountFixtures.confirmAddress(token: mail.secret ?? "", with: client)
        XCTAssertEqual(done.status, .ok)
        XCTAssertEqual(try client.get("/me/email").document().node("//*[@data-email]")?.attribute("data-email"), "Li.Lei@example.com")

        let again = try client.get("/email/confirm?token=" + (mail.secret ?? ""))
        XCTAssertEqual(again.status, .gone, "a link works once")
    }

    func testTheOldAddressIsToldWhenANewOneIsConfirmed() throws {
        try AccountFixtures.askForAddress("li@example.com", with: client)
        try AccountFixtures.confirmAddress(token: try QueuedMail.latestToken("address_confirmation", on: client), with: client)
        try AccountFixtures.askForAddress("lei@example.org", with: client)
        try AccountFixtures.confirmAddress(token: try QueuedMail.latestToken("address_confirmation", on: client), with: client)
        let told = try XCTUnwrap(try QueuedMail.all(on: client).last { $0.kind == "address_changed" })
        XCTAssertEqual(told.recipient, "li@example.com")
        XCTAssertEqual(told.arguments, "l***@example.org", "the old address sees the new one masked")
    }

    func testAnAddressOfAnotherAccountIsNotTakenAndTheAskerIsNotToldWhose() throws {
        try AccountFixtures.askForAddress("shared@example.com", with: client)
        try AccountFixtures.confirmAddress(token: try QueuedMail.latestToken("address_confirmation", on: client), with: client)
        let stranger = TestClient(application: client.application, acceptLanguage: "en")
        var other = AccountFixtures.Person()
        other.account = "han_mei"
        other.name = "韩梅"
        other.gender = "female"
        other.certificateNumber = AccountFixtures.residentID(sequence: "124")
        other.mobile = "13912345678"
        try AccountFixtures.register(other, with: stranger)
        let asked = try AccountFixtures.askForAddress("shared@example.com", password: other.password, with: stranger)
        XCTAssertEqual(asked.target, "/me/email?sent=1", "answered as any request is")
        let mails = try QueuedMail.all(on: client)
        XCTAssertEqual(mails.last?.kind, "address_in_use", "the address's owner hears of it")
        XCTAssertNil(mails.last?.secret, "with no link that would move the address")
        XCTAssertEqual(mails.filter { $0.kind == "address_confirmation" }.count, 1)
        XCTAssertTrue(
            (try stranger.get("/me/email").document().text("//*[@data-pending-email]") ?? "").contains("shared@example.com"),
            "the asker's page looks as for a free address")

        let long = String(repeating: "a", count: 64) + "@" + String(repeating: "b", count: 60) + ".example.com"
        try AccountFixtures.askForAddress(long, with: client)
        try AccountFixtures.confirmAddress(token: try QueuedMail.latestToken("address_confirmation", on: client), with: client)
        XCTAssertEqual(try AccountFixtures.askForAddress(long, password: other.password, with: stranger).target, "/me/email?sent=1")
    }

    func testAPasswordChangeEndsAnAddressChangeAskedForBefore() throws {
        try AccountFixtures.askForAddress("thief@example.com", with: client)
        let token = try QueuedMail.latestToken("address_confirmation", on: client)
        let page = try client.get("/me/password")
        var form = try page.document().form(action: "/me/password")
        try form.fill("current_password", person.password)
        try form.fill("new_password", "Rails&Tea2027")
        try form.fill("new_password_confirmation", "Rails&Tea2027")
        XCTAssertEqual(try client.submit(form, from: page).target, "/me?saved=1")
        XCTAssertEqual(try client.get("/email/confirm?token=" + token).status, .gone, "whoever asked with the old password gets nothing")
    }

    func testAWrongPasswordOrABadAddressChangesNothing() throws {
        let wrong = try AccountFixtures.askForAddress("li@example.com", password: "not my password", with: client)
        XCTAssertEqual(wrong.status, .unprocessableContent)
        XCTAssertNotNil(try wrong.document().node("//input[@name='current_password'][@aria-invalid='true']"))
        for bad in ["li@example", "li@example.com\r\nBcc: eve@example.com", "li lei@example.com"] {
            let response = try AccountFixtures.askForAddress(bad, with: client)
            XCTAssertEqual(response.status, .unprocessableContent, bad)
            XCTAssertNotNil(try response.document().node("//input[@name='email'][@aria-invalid='true']"), bad)
        }
        XCTAssertTrue(try QueuedMail.all(on: client).isEmpty)
    }

    func testForgedOrExpiredLinksShowOnePageAndChangeNothing() throws {
        try AccountFixtures.askForAddress("li@example.com", with: client)
        let token = try QueuedMail.latestToken("address_confirmation", on: client)
        for forged in ["", "abc", token + "x", String(repeating: "a", count: 500)] {
            let response = try client.get("/email/confirm?token=" + forged)
            XCTAssertEqual(response.status, .gone, forged)
            XCTAssertNil(try response.document().node("//form[@action='/email/confirm']"))
        }
        let clock = try XCTUnwrap(client.application.clock as? SettableClock)
        clock.advance(by: 24 * 3600 + 1)
        XCTAssertEqual(try client.get("/email/confirm?token=" + token).status, .gone, "a link works for 24 hours")
        XCTAssertNil(try client.get("/me/email").document().node("//*[@data-email]"))
    }

    func testAnAddressGivenAtRegistrationIsMailedALinkAndTopicsCanBeTurnedOff() throws {
        let newcomer = TestClient(application: client.application, acceptLanguage: "en")
        var other = AccountFixtures.Person()
        other.account = "wang_fang"
        other.certificateNumber = AccountFixtures.residentID(sequence: "135")
        other.mobile = "13712345678"
        let page = try newcomer.get("/register")
        var form = try page.document().form(action: "/register")
        for (name, value) in [
            ("account", other.account), ("password", other.password), ("password_confirmation", other.password), ("name", other.name),
            ("certificate_type", "resident_id"), ("certificate_number", other.certificateNumber), ("mobile", other.mobile),
            ("gender", other.gender), ("email", "wang@example.com"),
        ] {
            try form.fill(name, value)
        }
        XCTAssertEqual(try newcomer.submit(form, from: page).target, "/me")
        XCTAssertEqual(try QueuedMail.all(on: client).last?.recipient, "wang@example.com")

        let settings = try newcomer.get("/me/email")
        var topics = try settings.document().form(action: "/me/email/topics")
        try topics.uncheck("topic", value: "shop")
        XCTAssertEqual(try newcomer.submit(topics, from: settings).target, "/me/email?saved=1")
        let saved = try newcomer.get("/me/email").document()
        XCTAssertNil(saved.node("//input[@id='topic-shop'][@checked]"))
        XCTAssertNotNil(saved.node("//input[@id='topic-waitlist'][@checked]"))
    }
}
