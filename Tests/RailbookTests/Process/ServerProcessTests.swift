import Foundation
import Glibc
import HTMLTesting
import HTTP
import Railbook
import XCTest

/// The shipped `railbook serve` as a child process on a free port, driven over its socket: timed
/// work happens on its own, a stop finishes what is in flight, and a restart keeps what was paid.
final class ServerProcessTests: XCTestCase {
    /// With a 1-minute payment deadline and a 1-minute accept window, an unpaid order and a paid
    /// shop order get their deadlines a minute ahead; once those deadlines are brought to a few
    /// seconds from now in the database, the order expires and gives its seat back, and the shop
    /// order nobody accepted is refunded, with no restart and no help from the test: the server's
    /// own jobs do it within one job interval of the deadline, never before it.
    func testTheServerExpiresUnpaidOrdersAndRefundsUnacceptedShopOrdersOnItsOwn() throws {
        let server = try ServerProcess(arguments: ["--hold-minutes", "1", "--accept-minutes", "1", "--job-seconds", "1"])
        let client = server.client()
        let database = try DatabaseInspector(server.databaseLocation)
        try AccountFixtures.register(with: client)
        let offer = try ProcessJourneys.offer(try ProcessJourneys.results(with: client))

        let booked = Int(Date().timeIntervalSince1970)
        let order = try ProcessJourneys.book(offer, with: client)
        XCTAssertEqual(try ProcessJourneys.status(order), "unpaid")
        XCTAssertEqual(try ProcessJourneys.seatsLeft(on: offer.train, with: client), offer.seats - 1, "the held seat is not counted")
        let payDeadline = try XCTUnwrap(try database.queryOne("SELECT pay_deadline FROM orders")?.int("pay_deadline"))
        XCTAssertEqual(Double(payDeadline - booked), 60, accuracy: 3, "the payment deadline is not the minute asked for")

        try ProcessJourneys.addAddress(with: client)
        let paid = Int(Date().timeIntervalSince1970)
        let shopOrder = try ProcessJourneys.paidSpecialtyOrder(with: client)
        XCTAssertEqual(try ProcessJourneys.status(shopOrder), "paid")
        let acceptDeadline = try XCTUnwrap(try database.queryOne("SELECT accept_deadline FROM shop_orders")?.int("accept_deadline"))
        XCTAssertEqual(Double(acceptDeadline - paid), 60, accuracy: 3, "the accept deadline is not the minute asked for")

        let due = Date(timeIntervalSinceNow: 4)
        let dueSeconds = Int(due.timeIntervalSince1970.rounded(.up))
        _ = try database.write { database in
            try database.run("UPDATE orders SET pay_deadline = ?", [dueSeconds])
            try database.run("UPDATE shop_orders SET accept_deadline = ?", [dueSeconds])
        }

        let expired = try ProcessJourneys.waitForStatus("expired", at: order.target, timeout: 30, with: client)
        let expiredAfter = expired.seenAt.timeIntervalSince(due)
        XCTAssertGreaterThanOrEqual(expiredAfter, 0, "the order expired before its deadline")
        XCTAssertLessThanOrEqual(expiredAfter, 1 + 1 + 5, "the order expired more than one job interval after its deadline")
        XCTAssertEqual(try ProcessJourneys.seatsLeft(on: offer.train, with: client), offer.seats, "the seat did not come back")
        XCTAssertNil(try expired.page.document().node("//form[contains(@action, '/pay')]"), "an expired order can still be paid")

        let refunded = try ProcessJourneys.waitForStatus("refunded", at: shopOrder.target, timeout: 30, with: client)
        XCTAssertLessThanOrEqual(refunded.seenAt.timeIntervalSince(due), 1 + 1 + 5 + 5, "the shop order was refunded more than one job interval late")
        XCTAssertFalse(server.log.contains("error:"), server.log)
    }

    /// SIGTERM while a request is being received: the server stops accepting connections, answers
    /// that request in full, and exits with status 0.
    func testSIGTERMFinishesTheRequestInFlightAndExitsCleanly() throws {
        let server = try ServerProcess()
        let client = server.client()
        try AccountFixtures.register(with: client)
        try AccountFixtures.logOut(with: client)
        let login = try client.get("/login")
        let csrf = try XCTUnwrap(try login.document().node("//form[@action='/login']//input[@name='csrf']")?.attribute("value"))
        let body = FormSubmission.encode([("csrf", csrf), ("login", "li_lei"), ("password", "Train2026!")])
        let cookies = client.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")

        let connection = try TestSocket(port: server.port)
        try connection.send(
            "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nCookie: \(cookies)\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n"
                + "Expect: 100-continue\r\n\r\n")
        let interim = String(decoding: try connection.receive(until: "\r\n\r\n"), as: UTF8.self)
        XCTAssertTrue(interim.hasPrefix("HTTP/1.1 100"), "the server did not take the request's head: \(interim)")

        server.send(SIGTERM)
        try server.waitForOutput(matching: "stopping")
        XCTAssertTrue(refusesConnections(on: server.port), "a stopping server still accepts connections")
        try connection.send(body)
        let answer = try HTTPResponseParser.parse(try connection.receiveAll(), method: .post)
        XCTAssertEqual(answer.status.code, 303, "the request in flight was not answered in full")
        XCTAssertEqual(answer.headers["Location"], "/me")
        XCTAssertTrue(answer.cookies.contains { $0.name == "session" }, "the login in flight started no session")
        XCTAssertEqual(try server.waitForExit(), 0, server.log)
        XCTAssertTrue(server.log.contains("railbook: stopped"), server.log)
    }

    /// A visit is written to the session's row by the server's own job within seconds, and a visit
    /// seen just before a SIGTERM is written before the server exits.
    func testTheServerWritesTheSessionsItSawOnItsOwnAndBeforeItStops() throws {
        let server = try ServerProcess()
        let client = server.client()
        try AccountFixtures.register(with: client)
        let database = try DatabaseInspector(server.databaseLocation)
        func lastSeen() throws -> Int { try XCTUnwrap(try database.queryOne("SELECT last_seen_at FROM sessions")?.int("last_seen_at")) }
        func ageTheSession() throws -> Int {
            _ = try database.write { try $0.run("UPDATE sessions SET last_seen_at = last_seen_at - 600") }
            return try lastSeen()
        }

        let aged = try ageTheSession()
        XCTAssertEqual(try client.get("/me").target, "/me")
        let deadline = Date(timeIntervalSinceNow: 10)
        while try lastSeen() == aged, Date() < deadline { usleep(100_000) }
        XCTAssertGreaterThanOrEqual(try lastSeen(), aged + 600, "the server did not write the visit on its own")

        let agedAgain = try ageTheSession()
        XCTAssertEqual(try client.get("/me").target, "/me")
        server.send(SIGTERM)
        XCTAssertEqual(try server.waitForExit(), 0, server.log)
        XCTAssertGreaterThanOrEqual(try lastSeen(), agedAgain + 600, "the visit before the stop was lost")
        XCTAssertFalse(server.log.contains("error:"), server.log)
    }

    /// Paid orders survive a clean stop and a kill: a new server on the same file shows each as paid.
    func testARestartOnTheSameFileKeepsEveryPaidOrder() throws {
        var server = try ServerProcess()
        var client = server.client()
        try AccountFixtures.register(with: client)
        var paid: [String] = []
        for day in 1...3 { // one trip a day: a passenger cannot hold two trips at the same time
            let offer = try ProcessJourneys.offer(try ProcessJourneys.results(on: ChinaTime.today().adding(days: day), with: client))
            let order = try ProcessJourneys.pay(try ProcessJourneys.book(offer, with: client), with: client)
            XCTAssertEqual(try ProcessJourneys.status(order), "paid")
            paid.append(order.target)
        }
        server.send(SIGTERM)
        XCTAssertEqual(try server.waitForExit(), 0, server.log)

        server = try ServerProcess(databaseLocation: server.databaseLocation)
        client = server.client()
        try AccountFixtures.logIn("li_lei", "Train2026!", with: client)
        for target in paid { XCTAssertEqual(try ProcessJourneys.status(try client.get(target)), "paid", target) }
        let offer = try ProcessJourneys.offer(try ProcessJourneys.results(on: ChinaTime.today().adding(days: 4), with: client))
        paid.append(try ProcessJourneys.pay(try ProcessJourneys.book(offer, with: client), with: client).target)
        server.send(SIGKILL)
        XCTAssertEqual(try server.waitForExit(), 128 + SIGKILL)

        server = try ServerProcess(databaseLocation: server.databaseLocation)
        client = server.client()
        try AccountFixtures.logIn("li_lei", "Train2026!", with: client)
        for target in paid { XCTAssertEqual(try ProcessJourneys.status(try client.get(target)), "paid", target) }
        let orders = try client.get("/orders").document()
        for target in paid {
            XCTAssertNotNil(orders.node("//*[@data-order='\(target.dropFirst("/orders/".count))']"), "\(target) is missing from /orders")
        }
    }

    /// Whether connections to `port` come to be refused, within 10 s: the server says it is stopping
    /// just before it closes its listening socket.
    private func refusesConnections(on port: Int) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline {
            do {
                _ = try TestSocket(port: port)
            } catch {
                return true
            }
            usleep(10_000)
        }
        return false
    }
}

/// A port is one server's alone: a second `railbook serve` on a port in use refuses to start.
final class ServerPortTests: XCTestCase {
    func testASecondServerOnAPortInUseRefusesToStart() throws {
        let first = try ServerProcess()
        let directory = try TestSite.temporaryDirectory()
        let second = try ServerProcess.run([
            "serve", "--port", String(first.port), "--database", directory + "/other.sqlite",
            "--root", TestSite.projectRoot, "--quiet",
        ])
        XCTAssertEqual(second.status, 1, second.output)
        let lines = second.output.split(separator: "\n")
        XCTAssertEqual(lines, ["railbook: cannot listen on 127.0.0.1:\(first.port) (is the port in use?)"])
        let home = try first.client().get("/")
        XCTAssertEqual(home.status, .ok, "the first server stopped answering")
    }
}
