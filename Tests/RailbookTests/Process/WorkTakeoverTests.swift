import Foundation
import Glibc
import HTMLTesting
import HTTP
import Railbook
import XCTest

/// Work a killed server was holding is taken over as soon as a server starts again: a payment
/// notification it had claimed is settled at once (the payer charged once), overdue orders it
/// would have expired expire at start-up, and leases it took with its clock an hour ahead block
/// nothing once the clock is right again.
final class WorkTakeoverTests: XCTestCase {
    /// Claims the reactions due and leaves them undone, as a server that dies right after a commit.
    private let stall = ["RAILBOOK_STALL_REACTIONS": "1"]

    /// Kills `server` with SIGKILL and waits until it is gone.
    private func kill(_ server: ServerProcess) throws {
        server.send(SIGKILL)
        XCTAssertEqual(try server.waitForExit(), 128 + SIGKILL)
    }

    /// Registers `person` on `server` and books the first second-class seat from 北京南 to 上海虹桥
    /// tomorrow; returns the traveller and the unpaid order's page.
    private func bookedOrder(
        _ person: AccountFixtures.Person = AccountFixtures.Person(),
        on server: ServerProcess
    ) throws -> (TestClient, TestResponse) {
        let traveller = server.client()
        try AccountFixtures.register(person, with: traveller)
        let order = try ProcessJourneys.book(try ProcessJourneys.offer(try ProcessJourneys.results(with: traveller)), with: traveller)
        XCTAssertEqual(try ProcessJourneys.status(order), "unpaid")
        return (traveller, order)
    }

    /// Moves the order's payment deadline a minute into the past, as if the server had stayed down
    /// until after it.
    private func letTheDeadlinePass(_ order: TestResponse, in database: DatabaseInspector) throws {
        let number = String(order.target.dropFirst("/orders/".count))
        _ = try database.write { db in
            try db.run("UPDATE orders SET pay_deadline = ? WHERE number = ?", [Int(Date().timeIntervalSince1970) - 60, number])
        }
    }

    /// Asks for `target` until its order shows `status`, for at most a second.
    private func statusWithinASecond(_ status: String, at target: String, with client: TestClient) throws -> String? {
        let deadline = Date(timeIntervalSinceNow: 1)
        var seen = try ProcessJourneys.status(try client.get(target))
        while seen != status, Date() < deadline {
            usleep(100_000)
            seen = try ProcessJourneys.status(try client.get(target))
        }
        return seen
    }

    func testAPaymentAuthorisedJustBeforeAKillIsSettledOnceAsSoonAsTheServerIsBack() throws {
        let server = try ServerProcess(environment: stall)
        let (traveller, order) = try bookedOrder(on: server)
        let back = try ProcessJourneys.pay(order, with: traveller)
        XCTAssertEqual(try ProcessJourneys.status(back), "unpaid", "the payment notification was not held back")
        let database = try DatabaseInspector(server.databaseLocation)
        let claim = try XCTUnwrap(try database.queryOne("SELECT status, claimed_by FROM outbox WHERE kind = 'notify_payment'"))
        XCTAssertEqual(try claim.optionalString("claimed_by")?.hasPrefix("\(server.processID)-"), true, "the server claimed nothing")
        try kill(server)

        let restarted = try ServerProcess(databaseLocation: server.databaseLocation)
        let payer = restarted.client(like: traveller)
        XCTAssertEqual(
            try statusWithinASecond("paid", at: order.target, with: payer), "paid",
            "the notification the killed server had claimed waited for its claim to run out")
        restarted.send(SIGTERM)
        XCTAssertEqual(try restarted.waitForExit(), 0, restarted.log)
        XCTAssertEqual(try database.query("SELECT status FROM payments").map { try $0.string("status") }, ["paid"])
        XCTAssertEqual(try database.queryOne("SELECT COUNT(*) AS n FROM refunds")?.int("n"), 0, "paid once, nothing refunded")
        XCTAssertEqual(try database.queryOne("SELECT COUNT(*) AS n FROM outbox WHERE status <> 'done'")?.int("n"), 0)
    }

    func testOrdersThatFellDueWhileTheServerWasDeadExpireAtStartUp() throws {
        // The unpaid-orders job runs every 15 s, so the killed server's lease would have lasted 45 s.
        let server = try ServerProcess()
        let (traveller, order) = try bookedOrder(on: server)
        try kill(server)
        let database = try DatabaseInspector(server.databaseLocation)
        try letTheDeadlinePass(order, in: database)

        let restarted = try ServerProcess(databaseLocation: server.databaseLocation)
        XCTAssertEqual(
            try ProcessJourneys.status(try restarted.client(like: traveller).get(order.target)), "expired",
            "the killed server's lease kept the restarted one from expiring the order")
        restarted.send(SIGTERM)
        XCTAssertEqual(try restarted.waitForExit(), 0, restarted.log)
        XCTAssertFalse(restarted.log.contains("error:"), restarted.log)
    }

    func testAServerThatRanAnHourAheadLeavesNothingThatBlocksTheJobsOnceTheClockIsRight() throws {
        let fakeTime = try XCTUnwrap(Self.fakeTimeLibrary, "libfaketime is missing: apt-get install faketime (make test installs it)")
        let server = try ServerProcess(environment: stall.merging(["LD_PRELOAD": fakeTime, "FAKETIME": "+1h"]) { $1 })
        // One traveller pays (the notification claimed and stalled), another leaves an order unpaid.
        let (payer, paidOrder) = try bookedOrder(on: server)
        XCTAssertEqual(try ProcessJourneys.status(try ProcessJourneys.pay(paidOrder, with: payer)), "unpaid")
        let other = AccountFixtures.Person(
            account: "han_meimei", name: "韩梅梅", certificateNumber: AccountFixtures.residentID(sequence: "246"),
            mobile: "13900001111", gender: "female")
        let (_, unpaidOrder) = try bookedOrder(other, on: server)
        try kill(server)
        let database = try DatabaseInspector(server.databaseLocation)
        try letTheDeadlinePass(unpaidOrder, in: database)

        let restarted = try ServerProcess(databaseLocation: server.databaseLocation)
        XCTAssertEqual(
            try statusWithinASecond("paid", at: paidOrder.target, with: restarted.client(like: payer)), "paid",
            "a claim dated an hour ahead kept the payment from being settled")
        XCTAssertEqual(
            try database.queryOne(
                "SELECT status FROM orders WHERE number = ?",
                [String(unpaidOrder.target.dropFirst("/orders/".count))])?.string("status"), "expired",
            "a lease dated an hour ahead kept the restarted server from expiring the overdue order")
        let now = Int(Date().timeIntervalSince1970)
        for lease in try database.query("SELECT name, holder, expires_at FROM job_leases") {
            let name = try lease.string("name")
            XCTAssertTrue(try lease.string("holder").hasPrefix("\(restarted.processID)-"), "\(name) is not held by the running server")
            XCTAssertLessThanOrEqual(try lease.int("expires_at"), now + 3 * 3600 + 5, "\(name) is dated ahead of the right clock")
        }
        restarted.send(SIGTERM)
        XCTAssertEqual(try restarted.waitForExit(), 0, restarted.log)
    }

    /// Debian's libfaketime (package `faketime`), preloaded to run a server with its clock moved.
    private static var fakeTimeLibrary: String? {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? []
        return (["/usr/lib/faketime"] + folders.map { "/usr/lib/\($0)/faketime" })
            .map { $0 + "/libfaketimeMT.so.1" }
            .first { FileManager.default.fileExists(atPath: $0) }
    }
}
