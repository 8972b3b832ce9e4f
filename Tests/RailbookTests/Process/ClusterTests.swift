import Foundation
import Glibc
import HTMLTesting
import Storage
import XCTest

@testable import Railbook

/// Railbook as `make cluster` runs it, under load: three `railbook serve` processes on one
/// PostgreSQL database behind a real HAProxy (round robin, `GET /health` checks). Logged-in
/// travellers book one small train through HAProxy at about five times its seats, on overlapping
/// stretches, pay, join the waitlist when it is sold out, stand, refund, and leave orders unpaid
/// to expire; one server is killed with SIGKILL mid-load and started again on its port. Afterwards
/// the database holds no seat sold twice, occupancy equal to the tickets, every order a traveller
/// was answered 303 for, no waitlist served twice and every reaction done once. PostgreSQL only
/// (`RAILBOOK_TEST_DATABASE=postgresql`); about 70 s.
final class ClusterTests: XCTestCase {
    /// Unpaid orders expire after a minute, and the deadline jobs look every second.
    private let serveOptions = ["--hold-minutes", "1", "--job-seconds", "1"]
    private let travellerCount = 18
    private let abandonerCount = 3

    override func setUpWithError() throws {
        try XCTSkipUnless(
            TestDatabase.dialect == .postgresql,
            "several servers share one database on PostgreSQL only; run with RAILBOOK_TEST_DATABASE=postgresql")
        try XCTSkipUnless(HAProxyProcess.binaryPath != nil, "HAProxy is not installed (apt-get install haproxy; `make test` installs it)")
    }

    func testThreeServersBehindHAProxySellEachSeatOnceAndLoseNothingWhenOneIsKilledMidLoad() throws {
        let started = Date()
        let location = try TestDatabase.newLocation()
        var servers = try ServerProcess.startTogether(3, on: location, arguments: serveOptions)
        let proxy = try HAProxyProcess(backendPorts: servers.map(\.port))
        defer { proxy.stop() }
        let database = try DatabaseInspector(location)
        let train = try addTheTrain(through: proxy, soldBy: servers, in: database)

        // The load: each traveller on a thread of their own, the abandoners' orders first.
        let record = ClusterRecord()
        let travellers = try ClusterAccounts.travellers(travellerCount, passengers: 3, in: database).enumerated().map { index, account in
            ClusterTraveller(
                account, role: index < abandonerCount ? .abandoner : .regular, train: train, record: record,
                port: proxy.port, seed: UInt64(index) &* 7919 &+ 12306)
        }
        let loadStarted = Date()
        travellers.forEach { $0.abandonAnOrder() }
        let threads = ThreadGroup(travellers.count) { travellers[$0].run() }
        defer { record.stop() }

        // Mid-load, once the class is sold out and seats come and go, one server is killed and started again.
        try waitUntil("the class sold out, refunds and waitlists under way", timeout: 60) {
            let seen = record.observations
            return seen.bookings.count >= 20 && seen.refunds.count >= 5 && seen.waitlistsJoined.count >= 5
        }
        let killedAt = Date().timeIntervalSince(loadStarted)
        try killTheJobHolderAndStartItAgain(&servers, behind: proxy, on: location, in: database)
        let backAt = Date().timeIntervalSince(loadStarted)

        // The expiry stream: the abandoned orders expire a minute after they were booked.
        try waitUntil("every abandoned order expired", timeout: 120) {
            let seen = record.observations
            return !seen.abandonedOrders.isEmpty && seen.expiriesSeen.count == seen.abandonedOrders.count
        }
        record.stop()
        _ = threads.join()
        let loadSeconds = Date().timeIntervalSince(loadStarted)

        // Every reaction done (a claim the killed server held is taken over at once), then a clean stop.
        try waitUntil("the outbox drained", timeout: 60) {
            try database.queryOne("SELECT COUNT(*) AS n FROM outbox WHERE status <> 'done'")?.int("n") == 0
        }
        for server in servers {
            server.send(SIGTERM)
            XCTAssertEqual(try server.waitForExit(), 0, server.log)
            XCTAssertFalse(server.log.contains("error:"), server.log)
        }

        let seen = record.observations
        print(summary(seen, killedAt: killedAt, backAt: backAt, loadSeconds: loadSeconds, total: Date().timeIntervalSince(started)))
        try assertTheLoadHappened(seen, in: database)
        XCTAssertEqual(seen.unexpected, [], "answers no traveller should get (answers lost: \(seen.lostAnswers))")
        try database.read { db in
            XCTAssertEqual(try ClusterChecks.seatsSoldTwice(runID: train.runID, in: db), [], "seats sold twice")
            XCTAssertEqual(try BookingInvariants.seatProblems(runID: train.runID, in: db), [], "occupancy against tickets")
            XCTAssertEqual(
                try BookingInvariants.standingProblems(
                    runID: train.runID, quota: ClusterTrain.standingQuota,
                    segmentCount: ClusterTrain.telecodes.count - 1, in: db), [])
            XCTAssertEqual(try BookingInvariants.orderProblems(in: db), [])
            XCTAssertEqual(try ClusterChecks.answerProblems(seen, in: db), [], "303s without what they promised")
            XCTAssertEqual(try ClusterChecks.waitlistProblems(in: db), [])
            XCTAssertEqual(try ClusterChecks.reactionProblems(in: db), [])
        }
    }

    /// An administrator adds the train through HAProxy; each server then shows it on sale, every
    /// seat free, within a few seconds (its timetable cache follows the database).
    private func addTheTrain(through proxy: HAProxyProcess, soldBy servers: [ServerProcess], in database: DatabaseInspector) throws -> ClusterTrain {
        let admin = proxy.client()
        admin.cookies["session"] = try ClusterAccounts.administrator(in: database)
        let train = try ClusterTrain.add(with: admin)
        for server in servers {
            try waitUntil("server \(server.port) sells \(ClusterTrain.number)", timeout: 5) {
                try train.seatsShown(ClusterTrain.Stretch(origin: 0, destination: 3), with: server.client()) == ClusterTrain.seats
            }
        }
        return train
    }

    /// SIGKILLs the server running the unpaid-orders job (its lease and any reactions it claimed
    /// are left to run out) and starts a new one on its port, on the same database; returns once
    /// HAProxy sends requests to it again.
    private func killTheJobHolderAndStartItAgain(
        _ servers: inout [ServerProcess], behind proxy: HAProxyProcess, on location: String,
        in database: DatabaseInspector
    ) throws {
        let holder = try database.queryOne("SELECT holder FROM job_leases WHERE name = 'unpaid orders'")?.string("holder")
        let victim = servers.firstIndex { holder?.hasPrefix("\($0.processID)-") == true } ?? 0
        let port = servers[victim].port
        servers[victim].send(SIGKILL)
        XCTAssertEqual(try servers[victim].waitForExit(), 128 + SIGKILL)
        let connectionsBefore = try proxy.servers()[port]?.connections ?? 0
        servers[victim] = try ServerProcess(arguments: serveOptions + ["--port", String(port)], databaseLocation: location)
        try waitUntil("HAProxy sends requests to the restarted server", timeout: 30) {
            let state = try proxy.servers()[port]
            return state?.status == "UP" && (state?.connections ?? 0) > connectionsBefore
        }
    }

    /// The load really happened: the train sold out, travellers waited and were served, refunded,
    /// stood, and orders expired.
    private func assertTheLoadHappened(_ seen: ClusterRecord.Observations, in database: DatabaseInspector) throws {
        XCTAssertGreaterThanOrEqual(seen.bookings.count, 20, "bookings answered 303")
        XCTAssertGreaterThan(seen.soldOutAnswers, 0, "the class never sold out")
        XCTAssertGreaterThan(seen.waitlistsJoined.count, 0, "nobody joined the waitlist")
        XCTAssertGreaterThan(seen.refunds.count, 0, "nobody refunded")
        XCTAssertEqual(seen.expiriesSeen.count, abandonerCount, "abandoned orders seen expired")
        let served = try database.queryOne("SELECT COUNT(*) AS n FROM waitlists WHERE status = 'fulfilled'")?.int("n") ?? 0
        XCTAssertGreaterThan(served, 0, "no waitlist was served")
        let standing = try database.queryOne("SELECT COUNT(*) AS n FROM tickets WHERE seat_class = 'standing'")?.int("n") ?? 0
        XCTAssertGreaterThan(standing, 0, "nobody stood")
    }

    private func summary(_ seen: ClusterRecord.Observations, killedAt: Double, backAt: Double, loadSeconds: Double, total: Double) -> String {
        let lost = Dictionary(grouping: seen.lostAnswers) { $0.components(separatedBy: ": ").last ?? "" }.mapValues(\.count)
        return String(
            format: "cluster: %d bookings, %d sold-out answers, %d waitlists joined (%d seen served), %d payments, %d refunds, "
                + "%d expiries seen; server killed at %.1f s, back in HAProxy at %.1f s; load %.1f s, test %.1f s; lost answers: %@",
            seen.bookings.count, seen.soldOutAnswers, seen.waitlistsJoined.count, seen.fulfilmentsSeen.count,
            seen.payments.count, seen.refunds.count, seen.expiriesSeen.count, killedAt, backAt, loadSeconds, total,
            lost.description)
    }

    /// Polls `condition` every 0.2 s until it holds; fails after `timeout` seconds.
    private func waitUntil(_ what: String, timeout: Double, _ condition: () throws -> Bool) throws {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while try !condition() {
            guard Date() < deadline else { throw TimeoutError(description: "\(what): not within \(timeout) s") }
            usleep(200_000)
        }
    }
}
