import Foundation
import Glibc
import HTMLTesting
import HTTP
import PostgresTesting
import Railbook
import XCTest

/// The standard backup of a PostgreSQL deployment (docs/operations.md): `pg_dump` of a database
/// with bookings, restored with `pg_restore` into a new cluster, where a new server finds every
/// order as it was, with seats and payments consistent.
final class BackupPostgresTests: XCTestCase {
    func testAPgDumpWithBookingsRestoresIntoANewClusterThatAServerStartsOn() throws {
        try XCTSkipUnless(TestDatabase.dialect == .postgresql, "pg_dump needs PostgreSQL; run with RAILBOOK_TEST_DATABASE=postgresql")
        let cluster = try PostgresTestCluster.shared()
        let source = try cluster.makeDatabase()
        defer { try? source.drop() }
        let server = try ServerProcess(databaseLocation: source.uri)
        let client = server.client()
        try AccountFixtures.register(with: client)
        let offer = try ProcessJourneys.offer(try ProcessJourneys.results(with: client))
        let paid = try ProcessJourneys.book(offer, with: client)
        _ = try ProcessJourneys.pay(paid, with: client)
        _ = try ProcessJourneys.waitForStatus("paid", at: paid.target, timeout: 30, with: client)
        server.send(SIGTERM)
        XCTAssertEqual(try server.waitForExit(), 0, server.log)

        let dump = try TestSite.temporaryDirectory() + "/railbook.dump"
        let dumped = try ServerProcess.runProgram(
            cluster.binaryDirectory + "/pg_dump", ["--format=custom", "--no-owner", "--file", dump, "--dbname", source.uri])
        XCTAssertEqual(dumped.status, 0, dumped.output)

        let target = try PostgresTestCluster.separate()
        defer { target.stop() }
        try target.runMaintenance("CREATE DATABASE railbook")
        let restoredLocation = target.uri(database: "railbook")
        let restoredDump = try ServerProcess.runProgram(
            cluster.binaryDirectory + "/pg_restore", ["--no-owner", "--exit-on-error", "--dbname", restoredLocation, dump])
        XCTAssertEqual(restoredDump.status, 0, restoredDump.output)

        let restored = try ServerProcess(databaseLocation: restoredLocation)
        let traveller = restored.client()
        try AccountFixtures.logIn("li_lei", "Train2026!", with: traveller)
        let page = try traveller.get(paid.target)
        XCTAssertEqual(page.status.code, 200)
        XCTAssertEqual(try ProcessJourneys.status(page), "paid")
        let database = try DatabaseInspector(restoredLocation)
        let runs = try database.query("SELECT DISTINCT run_id FROM tickets").map { try $0.int64("run_id") }
        let problems = try database.read { db in
            try runs.flatMap { try BookingInvariants.seatProblems(runID: $0, in: db) } + ClusterChecks.reactionProblems(in: db)
        }
        XCTAssertEqual(problems, [])
        XCTAssertEqual(
            try ProcessJourneys.seatsLeft(on: offer.train, with: traveller), offer.seats - 1, "the restored server counts the seat as free")
        restored.send(SIGTERM)
        XCTAssertEqual(try restored.waitForExit(), 0, restored.log)
    }
}
