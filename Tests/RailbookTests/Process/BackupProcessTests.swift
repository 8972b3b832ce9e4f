import Foundation
import Glibc
import HTMLTesting
import HTTP
import Locking
import Railbook
import Storage
import XCTest

/// `railbook backup` and `railbook restore` against a live `railbook serve` on SQLite: a backup
/// taken while travellers book and pay restores into a database on which a new server shows every
/// booking acknowledged before the backup began, with seats, payments and the outbox consistent;
/// bad backups and restores fail with a message and exit status 1, leaving the database as it was.
final class BackupProcessTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(TestDatabase.dialect == .sqlite, "backup and restore copy SQLite files; PostgreSQL's are pg_dump's (BackupPostgresTests)")
    }

    /// Travellers book and pay one after another on their own thread while the backup runs.
    func testABackupTakenWhileTravellersBookRestoresEveryBookingAcknowledgedBeforeIt() throws {
        let server = try ServerProcess()
        let travellers = try (1...8).map { number -> TestClient in
            let client = server.client()
            var person = AccountFixtures.Person()
            person.account = String(format: "traveller_%02d", number)
            person.certificateNumber = AccountFixtures.residentID(sequence: String(format: "%03d", 100 + number))
            person.mobile = String(format: "138000000%02d", number)
            person.gender = number % 2 == 0 ? "female" : "male" // as the ID number's sequence says
            let registered = try AccountFixtures.register(person, with: client)
            XCTAssertEqual(registered.target, "/me", "traveller \(number) was not registered: \(registered.status)")
            return client
        }
        let acknowledged = Locked<[(number: String, at: Date)]>([])
        let finished = Locked(false)
        let clients = Travellers(travellers)
        let booking = Thread {
            for client in clients.all {
                guard let offer = try? ProcessJourneys.offer(try ProcessJourneys.results(with: client)),
                    let order = try? ProcessJourneys.book(offer, with: client)
                else { continue }
                let number = String(order.target.dropFirst("/orders/".count).prefix { $0 != "?" })
                acknowledged.withLock { $0.append((number, Date())) }
                _ = try? ProcessJourneys.pay(order, with: client)
            }
            finished.withLock { $0 = true }
        }
        booking.start()
        let deadline = Date(timeIntervalSinceNow: 60)
        while acknowledged.withLock({ $0.count }) < 4, Date() < deadline { usleep(20_000) }
        let began = Date()
        let before = Set(acknowledged.withLock { $0 }.filter { $0.at < began }.map(\.number))
        XCTAssertGreaterThanOrEqual(before.count, 4, "too few bookings before the backup")

        let folder = try TestSite.temporaryDirectory()
        let copy = folder + "/backup.sqlite"
        let backup = try ServerProcess.run(["backup", "--database", server.databaseLocation, "--to", copy])
        XCTAssertEqual(backup.status, 0, backup.output)
        while !finished.withLock({ $0 }), Date() < deadline { usleep(20_000) }
        XCTAssertGreaterThan(acknowledged.withLock { $0.count }, before.count, "no booking went on after the backup began")

        let restoredLocation = folder + "/restored.sqlite"
        let restore = try ServerProcess.run(["restore", "--from", copy, "--database", restoredLocation])
        XCTAssertEqual(restore.status, 0, restore.output)
        let restored = try ServerProcess(databaseLocation: restoredLocation)
        let database = try DatabaseInspector(restoredLocation)
        let numbers = Set(try database.query("SELECT number FROM orders").map { try $0.string("number") })
        XCTAssertTrue(before.isSubset(of: numbers), "bookings acknowledged before the backup are missing: \(before.subtracting(numbers))")

        // The restored server settles what the backup caught half done (its outbox), then all adds up.
        let drained = Date(timeIntervalSinceNow: 30)
        while try database.queryOne("SELECT COUNT(*) AS waiting FROM outbox WHERE status <> 'done'")?.int("waiting") != 0, Date() < drained {
            usleep(100_000)
        }
        let runs = try database.query("SELECT DISTINCT run_id FROM tickets").map { try $0.int64("run_id") }
        let problems = try database.read { db in
            try runs.flatMap { try BookingInvariants.seatProblems(runID: $0, in: db) } + ClusterChecks.reactionProblems(in: db)
        }
        XCTAssertEqual(problems, [])
        let paid = try XCTUnwrap(try database.queryOne("SELECT COUNT(*) AS paid FROM orders WHERE status = 'paid'")).int("paid")
        XCTAssertGreaterThan(paid, 0, "no payment came through the backup")

        // The traveller whose booking was first finds it on the restored server, as it was.
        let first = try XCTUnwrap(acknowledged.withLock { $0.first })
        let client = restored.client()
        try AccountFixtures.logIn("traveller_01", "Train2026!", with: client)
        let page = try client.get("/orders/" + first.number)
        XCTAssertEqual(page.status.code, 200)
        XCTAssertNotNil(try ProcessJourneys.status(page))
        XCTAssertFalse(restored.log.contains("error:"), restored.log)
    }

    /// A restore over a database a server is using is refused; so is one from a file that is not
    /// a Railbook database, and a backup to a folder that cannot be written: exit status 1, a
    /// message, and the database as it was.
    func testBadBackupsAndRestoresFailWithAMessageAndLeaveTheDatabaseAsItWas() throws {
        let server = try ServerProcess()
        let client = server.client()
        try AccountFixtures.register(with: client)
        let folder = try TestSite.temporaryDirectory()
        let copy = folder + "/copy.sqlite"
        XCTAssertEqual(try ServerProcess.run(["backup", "--database", server.databaseLocation, "--to", copy]).status, 0)

        let inUse = try ServerProcess.run(["restore", "--from", copy, "--database", server.databaseLocation])
        XCTAssertEqual(inUse.status, 1)
        XCTAssertTrue(inUse.output.contains("a server is using"), inUse.output)
        XCTAssertEqual(try client.get("/me").status.code, 200, "the server's database changed under it")

        let junk = folder + "/junk.sqlite"
        try Array(repeating: "not a database\n", count: 100).joined().write(toFile: junk, atomically: true, encoding: .utf8)
        let target = folder + "/target.sqlite"
        XCTAssertEqual(try ServerProcess.run(["restore", "--from", copy, "--database", target]).status, 0)
        let users = try DatabaseInspector(target).query("SELECT account FROM users").map { try $0.string("account") }
        XCTAssertEqual(users, ["li_lei"])
        let foreign = folder + "/foreign.sqlite"
        try DatabaseInspector(foreign).withoutTransaction { try $0.execute("CREATE TABLE notes (text TEXT)") }
        for bad in [junk, foreign, folder + "/missing.sqlite"] {
            let refused = try ServerProcess.run(["restore", "--from", bad, "--database", target])
            XCTAssertEqual(refused.status, 1, refused.output)
            XCTAssertTrue(refused.output.hasPrefix("railbook: "), refused.output)
            XCTAssertEqual(try DatabaseInspector(target).query("SELECT account FROM users").map { try $0.string("account") }, users)
        }
        let fresh = folder + "/never-made.sqlite"
        XCTAssertEqual(try ServerProcess.run(["restore", "--from", junk, "--database", fresh]).status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fresh), "a failed restore left a database behind")

        for unwritable in [folder + "/no/such/folder/copy.sqlite", copy] {
            let refused = try ServerProcess.run(["backup", "--database", server.databaseLocation, "--to", unwritable])
            XCTAssertEqual(refused.status, 1, refused.output)
            XCTAssertTrue(refused.output.hasPrefix("railbook: "), refused.output)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".partial-") || $0.contains(".restoring-") }
        XCTAssertEqual(leftovers, [], "a failed backup or restore left files behind")
        XCTAssertEqual(try client.get("/me").status.code, 200)
    }
}

/// The travellers' browsers, used by the booking thread alone once it starts.
private final class Travellers: @unchecked Sendable {
    let all: [TestClient]

    init(_ all: [TestClient]) { self.all = all }
}
