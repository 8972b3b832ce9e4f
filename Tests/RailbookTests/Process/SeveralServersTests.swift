import Foundation
import Glibc
import HTMLTesting
import HTTP
import Railbook
import Storage
import XCTest

/// Several `railbook serve` processes on one PostgreSQL database, as behind a load balancer: they
/// start together on a fresh database and share one demo network and one set of site keys; each
/// background job runs on one of them at a time and moves to another when that one is killed; a
/// reaction a killed server was holding is done, once, by another. SQLite serves one process, so
/// these run on PostgreSQL only (`RAILBOOK_TEST_DATABASE=postgresql`).
final class SeveralServersTests: XCTestCase {
    private func requirePostgreSQL() throws {
        try XCTSkipUnless(
            TestDatabase.dialect == .postgresql,
            "several servers share one database on PostgreSQL only; run with RAILBOOK_TEST_DATABASE=postgresql")
    }

    /// The process id of the server holding the lease of background job `name` now.
    private func leaseHolder(_ name: String, in database: DatabaseInspector) throws -> Int32? {
        try database.queryOne("SELECT holder FROM job_leases WHERE name = ?", [name])
            .flatMap { try $0.string("holder").split(separator: "-").first.flatMap { Int32($0) } }
    }

    func testTwoServersStartedTogetherShareOneNetworkOneKeyAndRunEachJobOnce() throws {
        try requirePostgreSQL()
        let location = try TestDatabase.newLocation()
        let servers = try ServerProcess.startTogether(2, on: location, arguments: ["--hold-minutes", "1", "--job-seconds", "1"])
        let database = try DatabaseInspector(location)

        // One demo network and one set of shops, every run of the presale window once.
        let counts = try XCTUnwrap(
            try database.queryOne(
                """
                SELECT (SELECT COUNT(*) FROM stations) AS stations, (SELECT COUNT(DISTINCT telecode) FROM stations) AS telecodes,
                       (SELECT COUNT(*) FROM trains) AS trains, (SELECT COUNT(DISTINCT number) FROM trains) AS numbers,
                       (SELECT COUNT(*) FROM shops) AS shops, (SELECT COUNT(DISTINCT code) FROM shops) AS codes,
                       (SELECT COUNT(*) FROM runs) AS runs, (SELECT COUNT(DISTINCT service_date) FROM runs) AS days
                """))
        XCTAssertGreaterThan(try counts.int("stations"), 0)
        XCTAssertEqual(try counts.int("stations"), try counts.int("telecodes"), "the demo stations were loaded twice")
        XCTAssertEqual(try counts.int("trains"), try counts.int("numbers"), "the demo trains were loaded twice")
        XCTAssertEqual(try counts.int("shops"), try counts.int("codes"), "the demo shops were loaded twice")
        XCTAssertEqual(try counts.int("runs"), try counts.int("trains") * (try counts.int("days")), "runs are missing or doubled")

        // One CSRF key: the registration form of server 1 is taken by server 2.
        let first = servers[0].client()
        let form = try first.get("/register")
        let second = servers[1].client(like: first)
        var registration = try form.document().form(action: "/register")
        let person = AccountFixtures.Person()
        for (field, value) in [
            ("account", person.account), ("password", person.password), ("password_confirmation", person.password),
            ("name", person.name), ("certificate_type", "resident_id"), ("certificate_number", person.certificateNumber),
            ("mobile", person.mobile), ("gender", person.gender),
        ] {
            try registration.fill(field, value)
        }
        let registered = try second.submit(registration, from: form)
        XCTAssertEqual(registered.target, "/me", "server 2 refused server 1's form: \(registered.status) \(registered.target)")

        // The unpaid-orders job runs on one server: an order booked at once expires once.
        let booked = try ProcessJourneys.book(try ProcessJourneys.offer(try ProcessJourneys.results(with: second)), with: second)
        let holder = try XCTUnwrap(try leaseHolder("unpaid orders", in: database), "nobody holds the unpaid-orders job")
        let pids = servers.map(\.processID)
        XCTAssertTrue(pids.contains(holder), "the job is held by \(holder), not by one of \(pids)")
        let other = AccountFixtures.Person(
            account: "han_meimei", name: "韩梅梅", certificateNumber: AccountFixtures.residentID(sequence: "246"),
            mobile: "13900001111", gender: "female")
        try AccountFixtures.register(other, with: first)
        let laterOrder = try ProcessJourneys.book(try ProcessJourneys.offer(try ProcessJourneys.results(with: first)), with: first)
        // Both deadlines are a minute ahead; the first is brought to a few seconds from now, the
        // second only after the kill below.
        try bringDeadline(of: booked.target, toSecondsFromNow: 3, in: database)
        _ = try ProcessJourneys.waitForStatus("expired", at: booked.target, timeout: 60, with: second)
        XCTAssertEqual(try leaseHolder("unpaid orders", in: database), holder, "the job moved while both servers were up")
        let order = try XCTUnwrap(
            try database.queryOne("SELECT id FROM orders WHERE number = ?", [String(booked.target.dropFirst("/orders/".count))]))
        let released = try database.query("SELECT status FROM tickets WHERE order_id = ?", [try order.int64("id")])
        XCTAssertEqual(try released.map { try $0.string("status") }, ["released"])
        let returns = try database.queryOne(
            """
            SELECT COUNT(*) AS n FROM outbox WHERE kind = 'serve_waitlist'
                AND subject_id = (SELECT run_id FROM tickets WHERE order_id = ?)
            """, [try order.int64("id")])?.int("n")
        XCTAssertEqual(returns, 1, "the seat came back more than once")

        // SIGKILL the holder: the other server takes the job over and expires the second order.
        let (killed, survivor) = servers[0].processID == holder ? (servers[0], servers[1]) : (servers[1], servers[0])
        killed.send(SIGKILL)
        XCTAssertEqual(try killed.waitForExit(), 128 + SIGKILL)
        let survivorBrowser = survivor.client(like: first)
        XCTAssertEqual(try ProcessJourneys.status(try survivorBrowser.get(laterOrder.target)), "unpaid", "the second order expired before the kill")
        try bringDeadline(of: laterOrder.target, toSecondsFromNow: 2, in: database)
        _ = try ProcessJourneys.waitForStatus("expired", at: laterOrder.target, timeout: 60, with: survivorBrowser)
        XCTAssertEqual(try leaseHolder("unpaid orders", in: database), survivor.processID)
        survivor.send(SIGTERM)
        XCTAssertEqual(try survivor.waitForExit(), 0, survivor.log)
        XCTAssertFalse(survivor.log.contains("error:"), survivor.log)
        XCTAssertNil(try leaseHolder("unpaid orders", in: database), "a server that stops keeps its leases")
    }

    /// Moves the payment deadline of the order at `target` (`/orders/NUMBER`) to `seconds` from now.
    private func bringDeadline(of target: String, toSecondsFromNow seconds: Int, in database: DatabaseInspector) throws {
        let deadline = Int(Date().timeIntervalSince1970) + seconds
        let number = String(target.dropFirst("/orders/".count))
        let changed = try database.write { try $0.run("UPDATE orders SET pay_deadline = ? WHERE number = ?", [deadline, number]) }
        XCTAssertEqual(changed, 1, "no order at \(target)")
    }

    func testReactionsAServerWasHoldingWhenKilledAreDoneOnceByAnother() throws {
        try requirePostgreSQL()
        let location = try TestDatabase.newLocation()
        // The first server claims the reactions due and stalls, as one that hangs or dies mid-way.
        let holder = try ServerProcess(databaseLocation: location, environment: ["RAILBOOK_STALL_REACTIONS": "1"])
        let traveller = holder.client()
        try AccountFixtures.register(with: traveller)
        let order = try ProcessJourneys.book(try ProcessJourneys.offer(try ProcessJourneys.results(with: traveller)), with: traveller)
        let back = try ProcessJourneys.pay(order, with: traveller)
        XCTAssertEqual(try ProcessJourneys.status(back), "unpaid", "the payment notification was not held back")
        let database = try DatabaseInspector(location)
        let claim = try XCTUnwrap(try database.queryOne("SELECT status, claimed_by FROM outbox WHERE kind = 'notify_payment'"))
        XCTAssertEqual(try claim.string("status"), "pending")
        XCTAssertEqual(try claim.optionalString("claimed_by")?.hasPrefix("\(holder.processID)-"), true, "the first server claimed nothing")

        // A second server leaves the claimed reaction alone while its holder lives…
        let other = try ServerProcess(databaseLocation: location)
        let otherBrowser = other.client(like: traveller)
        sleep(3)
        XCTAssertEqual(try ProcessJourneys.status(try otherBrowser.get(order.target)), "unpaid", "a claimed reaction was taken")

        // …and does it, once, when the holder was killed and its claim ran out.
        holder.send(SIGKILL)
        XCTAssertEqual(try holder.waitForExit(), 128 + SIGKILL)
        let settled = try ProcessJourneys.waitForStatus("paid", at: order.target, timeout: 60, with: otherBrowser)
        XCTAssertEqual(Set(try PaymentFixtures.statuses(settled.page).tickets), ["issued"])
        other.send(SIGTERM)
        XCTAssertEqual(try other.waitForExit(), 0, other.log)
        XCTAssertEqual(try database.query("SELECT status FROM payments").map { try $0.string("status") }, ["paid"])
        XCTAssertEqual(try database.queryOne("SELECT COUNT(*) AS n FROM refunds")?.int("n"), 0, "paid once, nothing refunded")
        XCTAssertEqual(try database.queryOne("SELECT COUNT(*) AS n FROM outbox WHERE status <> 'done'")?.int("n"), 0)
    }
}
