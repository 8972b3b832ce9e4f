import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// Registration cannot be used to find out at speed who has an account: each address may try a
/// handful of registrations an hour; beyond that the form says to come back later without checking
/// (or telling) whether the details are taken. Forms with mistakes of their own do not count.
final class RegistrationThrottleTests: XCTestCase {
    private var application: Application!

    override func setUpWithError() throws {
        application = try TestSite.makeApplication()
    }

    private func browser(from address: String) -> TestClient {
        let transport = InProcessTransport(application: application)
        transport.remoteAddress = address
        let client = TestClient(transport: transport)
        client.cookies["welcomed"] = "1"
        return client
    }

    /// Submits the registration form for `person`; returns the answer.
    private func probe(_ person: AccountFixtures.Person, with client: TestClient) throws -> TestResponse {
        try AccountFixtures.register(person, with: client)
    }

    private func stranger(_ number: Int) -> AccountFixtures.Person {
        AccountFixtures.Person(
            account: "probe_\(number)", name: "王五", certificateNumber: AccountFixtures.residentID(sequence: String(101 + 2 * number)), // odd: a man
            mobile: "13812345678")
    }

    func testOneAddressCanTryOnlyAFewRegistrationsAnHour() throws {
        XCTAssertEqual(try AccountFixtures.register(with: browser(from: "10.1.1.1")).target, "/me")
        let prober = browser(from: "10.2.2.2")
        for number in 1...RegistrationThrottle.limit {
            let answer = try probe(stranger(number), with: prober)
            XCTAssertEqual(answer.status, .unprocessableContent, "probe \(number)")
            XCTAssertEqual(try answer.document().text("//p[@id='field-mobile-error']"), "该手机号码已被其他账号使用。", "probe \(number)")
        }
        let refused = try probe(stranger(99), with: prober)
        XCTAssertEqual(refused.status, .tooManyRequests)
        XCTAssertNotNil(refused.headers["Retry-After"])
        let document = try refused.document()
        XCTAssertEqual(document.text("//p[@role='alert']"), "此网络的注册尝试过多，请 60 分钟后再试。")
        XCTAssertNil(document.node("//p[@id='field-mobile-error']"), "the refusal still says whether the mobile number is taken")
        XCTAssertEqual(
            try probe(stranger(98), with: browser(from: "10.3.3.3")).status, .unprocessableContent,
            "another address was refused")
    }

    func testFormsWithTheirOwnMistakesDoNotCount() throws {
        let person = browser(from: "10.4.4.4")
        for _ in 1...(RegistrationThrottle.limit + 2) {
            let page = try person.get("/register")
            var form = try page.document().form(action: "/register")
            try form.fill("account", "zhang_san")
            try form.fill("password", "Train2026!")
            try form.fill("password_confirmation", "Train2026?")
            XCTAssertEqual(try person.submit(form, from: page).status, .unprocessableContent)
        }
        var newcomer = AccountFixtures.Person()
        newcomer.account = "zhang_san"
        XCTAssertEqual(try AccountFixtures.register(newcomer, with: person).target, "/me")
    }
}
