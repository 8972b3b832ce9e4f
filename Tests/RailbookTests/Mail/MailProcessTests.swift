import Foundation
import Glibc
import HTMLTesting
import HTTP
import Railbook
import XCTest

/// Mail as it ships: the real `railbook serve --smtp` sending to a real SMTP server (aiosmtpd),
/// read as a traveller reads it.
final class MailProcessTests: XCTestCase {
    private var relay: SMTPServerProcess!
    private let person = AccountFixtures.Person()
    private let address = "li.lei@example.com"

    override func setUpWithError() throws {
        guard SMTPServerProcess.pythonPath != nil else { throw XCTSkip("aiosmtpd is not installed (apt-get install python3-aiosmtpd)") }
        relay = try SMTPServerProcess()
    }

    /// XCTest keeps every test case object to the end of the run: the relay is stopped here, not left to `deinit`.
    override func tearDown() {
        relay?.stop()
        relay = nil
    }

    /// What a relay does to mail is the same on both databases, and these tests start several
    /// servers each: they run on SQLite only, where the suite's time is spent once. PostgreSQL's
    /// claims on mail are shown by `testTwoServersOnOneDatabaseSendEachMailOnce`.
    private func skipOnPostgreSQL() throws {
        try XCTSkipIf(TestDatabase.dialect == .postgresql, "the relay's behaviour does not depend on the database: the SQLite run covers it")
    }

    private func server(databaseLocation: String? = nil, environment: [String: String] = [:]) throws -> ServerProcess {
        try ServerProcess(
            arguments: ["--smtp", relay.url, "--mail-from", "Railbook 铁路 <tickets@railbook.test>"], databaseLocation: databaseLocation,
            environment: environment)
    }

    /// Registers the traveller with their address and confirms it through the mail it gets;
    /// returns the traveller's browser (logged in).
    private func registerAndConfirm(on server: ServerProcess) throws -> TestClient {
        try registerAndConfirm(person, address: address, mailNumber: 1, on: server)
    }

    /// Registers `person` with `address`, whose confirmation is the `mailNumber`th mail the relay
    /// receives, and confirms it.
    private func registerAndConfirm(_ person: AccountFixtures.Person, address: String, mailNumber: Int, on server: ServerProcess) throws
        -> TestClient
    {
        let client = server.client(acceptLanguage: "en")
        let page = try client.get("/register")
        var form = try page.document().form(action: "/register")
        for (name, value) in [
            ("account", person.account), ("password", person.password), ("password_confirmation", person.password), ("name", person.name),
            ("certificate_type", "resident_id"), ("certificate_number", person.certificateNumber), ("mobile", person.mobile),
            ("gender", person.gender), ("email", address),
        ] {
            try form.fill(name, value)
        }
        XCTAssertEqual(try client.submit(form, from: page).target, "/me")
        let confirmation = try ReceivedMail(try relay.waitForMessages(mailNumber)[mailNumber - 1])
        XCTAssertEqual(confirmation.headers["X-Envelope-To"], address)
        XCTAssertEqual(confirmation.subject, "Confirm your e-mail address for Railbook")
        XCTAssertNil(confirmation.headers["List-Unsubscribe"], "security mail cannot be turned off")
        let question = try client.get(try confirmation.link(startingWith: "/email/confirm"))
        let confirmed = try client.submit(try question.document().form(action: "/email/confirm"), from: question)
        XCTAssertEqual(confirmed.status, .ok)
        return client
    }

    func testATravellerWhoBooksAndPaysReceivesBothMailsInOrderWithLinksThatWork() throws {
        try skipOnPostgreSQL()
        let server = try server()
        let client = try registerAndConfirm(on: server)
        let order = try ProcessJourneys.book(try ProcessJourneys.offer(try ProcessJourneys.results(with: client)), with: client)
        let number = String(order.target.dropFirst("/orders/".count).prefix { $0 != "?" })
        let paid = try ProcessJourneys.pay(order, with: client)
        XCTAssertEqual(try ProcessJourneys.status(paid), "paid")

        let mails = try relay.waitForMessages(3).map(ReceivedMail.init)
        XCTAssertEqual(mails.count, 3)
        let (booked, received) = (mails[1], mails[2])
        XCTAssertEqual(booked.subject, "Order \(number) is booked: please pay")
        XCTAssertEqual(received.subject, "Payment received: your tickets for order \(number)")
        let amount = try XCTUnwrap(try paid.document().text("//p[@class='order__total']/strong"))
        XCTAssertTrue(booked.text.contains(amount), "the booked mail names the amount \(amount):\n\(booked.text)")
        XCTAssertTrue(received.text.contains(amount), received.text)
        XCTAssertTrue(received.text.contains(person.name), "the e-tickets list the passenger")
        XCTAssertTrue(received.attachments["railbook-\(number).ics"]?.contains("BEGIN:VEVENT") ?? false, "the trips come as a calendar file")
        XCTAssertTrue(received.html.contains("<a href=\"http://127.0.0.1:\(server.port)/orders/\(number)\""), "the HTML part links the order")
        for mail in mails {
            XCTAssertEqual(mail.headers["From"].map { $0.hasSuffix("<tickets@railbook.test>") }, true)
            XCTAssertNotNil(mail.headers["Date"])
        }
        XCTAssertEqual(Set(mails.compactMap { $0.headers["Message-ID"] }).count, 3, "each mail its own Message-ID")

        let opened = try client.get(try received.link(startingWith: "/orders/"))
        XCTAssertEqual(opened.target, "/orders/" + number)
        XCTAssertEqual(try ProcessJourneys.status(opened), "paid")

        // The turn-off link in the header works without logging in, and the next payment mail stays away.
        let unsubscribe = try XCTUnwrap(received.headers["List-Unsubscribe"])
        let path = String(unsubscribe.dropFirst().dropLast().components(separatedBy: "://").last?.drop { $0 != "/" } ?? "")
        let stranger = server.client(acceptLanguage: "en")
        let question = try stranger.get(path)
        XCTAssertEqual(try stranger.submit(try question.document().form(action: "/mail/off"), from: question).status, .ok)
        XCTAssertEqual(try stranger.get(path.replacingOccurrences(of: "signature=", with: "signature=x")).status, .badRequest)
        let settings = try client.get("/me/email").document()
        XCTAssertNil(settings.node("//input[@id='topic-payment'][@checked]"))
    }

    func testTheResetLinkLogsInOnceAndNeverAgain() throws {
        try skipOnPostgreSQL()
        let server = try server()
        let client = try registerAndConfirm(on: server)
        try AccountFixtures.logOut(with: client)
        let page = try client.get("/password/forgot")
        var form = try page.document().form(action: "/password/forgot")
        try form.fill("login", address.uppercased())
        XCTAssertEqual(try client.submit(form, from: page).status, .ok)
        let reset = try ReceivedMail(try relay.waitForMessages(2)[1])
        XCTAssertEqual(reset.subject, "Reset your Railbook password")
        let link = try reset.link(startingWith: "/password/reset")
        let newPassword = "Rails&Tea2027"
        let resetPage = try client.get(link)
        var fields = try resetPage.document().form(action: "/password/reset")
        try fields.fill("new_password", newPassword)
        try fields.fill("new_password_confirmation", newPassword)
        XCTAssertEqual(try client.submit(fields, from: resetPage).target, "/me?saved=1", "the link logs in")
        XCTAssertEqual(try client.get(link).status, .gone, "and never again")
        let changed = try ReceivedMail(try relay.waitForMessages(3)[2])
        XCTAssertEqual(changed.subject, "Your Railbook password was changed")
    }

    func testMailWaitsForARelayThatIsDownAndArrivesOnceItIsBack() throws {
        try skipOnPostgreSQL()
        let server = try server()
        let client = try registerAndConfirm(on: server)
        relay.stop()
        let order = try ProcessJourneys.book(try ProcessJourneys.offer(try ProcessJourneys.results(with: client)), with: client)
        let paid = try ProcessJourneys.pay(order, with: client)
        XCTAssertEqual(try ProcessJourneys.status(paid), "paid", "a relay that is down delays mail, never a payment")
        sleep(3)
        try relay.start()
        let mails = try relay.waitForMessages(3).map(ReceivedMail.init)
        XCTAssertTrue(mails[1].subject.contains("is booked"), mails[1].subject)
        XCTAssertTrue(mails[2].subject.hasPrefix("Payment received"), mails[2].subject)
        sleep(3)
        XCTAssertEqual(try relay.messages().count, 3, "each mail arrives once")
        XCTAssertTrue(server.log.contains("was not sent"), "the failed attempts are logged:\n\(server.log)")
    }

    func testAMailCommittedBeforeACrashIsSentOnceAfterTheRestart() throws {
        try skipOnPostgreSQL()
        var first: ServerProcess? = try server()
        let client = try registerAndConfirm(on: first!)
        let location = first!.databaseLocation
        first = nil // killed: the mail that confirmed the address was sent and marked before
        let held = try server(databaseLocation: location, environment: ["RAILBOOK_HOLD_REACTIONS": "1"])
        let browser = held.client(like: client)
        let page = try browser.get("/password/forgot")
        var form = try page.document().form(action: "/password/forgot")
        try form.fill("login", person.account)
        XCTAssertEqual(try browser.submit(form, from: page).status, .ok)
        sleep(2)
        XCTAssertEqual(try relay.messages().count, 1, "the server holding its reactions sends nothing")
        held.send(SIGKILL)
        _ = try held.waitForExit()

        let restarted = try server(databaseLocation: location)
        let mails = try relay.waitForMessages(2)
        XCTAssertEqual(try ReceivedMail(mails[1]).subject, "Reset your Railbook password")
        sleep(3)
        XCTAssertEqual(try relay.messages().count, 2, "sent once")
        withExtendedLifetime(restarted) {}
    }

    func testTwoServersOnOneDatabaseSendEachMailOnce() throws {
        try XCTSkipUnless(
            TestDatabase.dialect == .postgresql, "several servers share one database on PostgreSQL only; run with RAILBOOK_TEST_DATABASE=postgresql")
        let servers = try ServerProcess.startTogether(
            2, on: try TestDatabase.newLocation(), arguments: ["--smtp", relay.url, "--mail-from", "tickets@railbook.test"])
        var other = AccountFixtures.Person()
        other.account = "wang_fang"
        other.certificateNumber = AccountFixtures.residentID(sequence: "135")
        other.mobile = "13712345678"
        let travellers = [
            try registerAndConfirm(person, address: address, mailNumber: 1, on: servers[0]),
            try registerAndConfirm(other, address: "wang@example.com", mailNumber: 2, on: servers[1]),
        ]
        for (index, account) in [person.account, other.account, person.account, other.account, person.account, other.account].enumerated() {
            let browser = servers[index % 2].client(like: travellers[index % 2])
            let page = try browser.get("/password/forgot")
            var form = try page.document().form(action: "/password/forgot")
            try form.fill("login", account)
            XCTAssertEqual(try browser.submit(form, from: page).status, .ok)
        }
        let mails = try relay.waitForMessages(8).map(ReceivedMail.init)
        sleep(3)
        XCTAssertEqual(try relay.messages().count, 8, "no mail sent twice")
        XCTAssertEqual(Set(mails.compactMap { $0.headers["Message-ID"] }).count, 8)
        XCTAssertEqual(mails.filter { $0.subject == "Reset your Railbook password" }.count, 6)
    }

    func testARelayThatAsksForAPasswordTakesMailOnceGivenTheOneInTheURL() throws {
        try skipOnPostgreSQL()
        let guarded = try SMTPServerProcess(credentials: "railbook:s3cret")
        var without: ServerProcess? = try ServerProcess(arguments: ["--smtp", "smtp://127.0.0.1:\(guarded.port)"])
        let client = without!.client(acceptLanguage: "en")
        let page = try client.get("/register")
        var form = try page.document().form(action: "/register")
        for (name, value) in [
            ("account", person.account), ("password", person.password), ("password_confirmation", person.password), ("name", person.name),
            ("certificate_type", "resident_id"), ("certificate_number", person.certificateNumber), ("mobile", person.mobile),
            ("gender", person.gender), ("email", address),
        ] {
            try form.fill(name, value)
        }
        XCTAssertEqual(try client.submit(form, from: page).target, "/me")
        let failure = try without!.waitForOutput(matching: "was not sent", timeout: 30)
        XCTAssertTrue(failure.contains("[request "), "the line names the request that queued the mail: \(failure)")
        XCTAssertTrue(try guarded.messages().isEmpty, "the relay takes no mail without its password")
        let location = without!.databaseLocation
        without = nil
        let with = try ServerProcess(arguments: ["--smtp", guarded.url], databaseLocation: location)
        let mail = try ReceivedMail(try guarded.waitForMessages(1)[0])
        XCTAssertEqual(mail.subject, "Confirm your e-mail address for Railbook")
        XCTAssertFalse(with.log.contains("s3cret"), "the password is never written to the log")
    }
}
