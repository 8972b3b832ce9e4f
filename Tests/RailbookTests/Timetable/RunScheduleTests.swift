import HTMLTesting
import Storage
import XCTest

@testable import Railbook

/// The presale window keeps one run, with empty seats, per train and day as days roll forward.
final class RunScheduleTests: XCTestCase {
    private var application: Application!
    private var today: CivilDate { ChinaTime.today() }

    override func setUpWithError() throws {
        application = try TimetableFixtures.client().application
    }

    private func runs(on date: CivilDate) throws -> [String] {
        try application.database.read { db in
            try db.query(
                """
                SELECT t.number FROM runs r JOIN trains t ON t.id = r.train_id WHERE r.service_date = ? ORDER BY t.number
                """, [date.description]
            ).map { try $0.string("number") }
        }
    }

    private func ensure(today: CivilDate) throws -> Int {
        try application.database.write { db in
            try RunSchedule.ensureRuns(today: today, presaleDays: application.railway.presaleDays, in: db)
        }
    }

    func testACompleteWindowCreatesNothing() throws {
        XCTAssertEqual(try ensure(today: today), 0)
        XCTAssertEqual(try runs(on: today), ["D301", "G101", "G103", "K201"])
    }

    func testTheNextDayGetsARunForEveryTrainWithItsCoaches() throws {
        let newDay = today.adding(days: application.railway.presaleDays)
        XCTAssertEqual(try runs(on: newDay), [])
        XCTAssertEqual(try ensure(today: today.adding(days: 1)), 4)
        XCTAssertEqual(try runs(on: newDay), ["D301", "G101", "G103", "K201"])
        let coaches = try application.database.read { db in
            try db.queryOne(
                """
                SELECT COUNT(*) AS coaches FROM run_coaches rc JOIN runs r ON r.id = rc.run_id WHERE r.service_date = ?
                """, [newDay.description])!.int64("coaches")
        }
        XCTAssertGreaterThan(coaches, 0)
    }

    func testADayMissingSomeRunsGetsOnlyThose() throws {
        let day = today.adding(days: 3)
        try application.database.write { db in
            try db.run(
                "DELETE FROM run_coaches WHERE run_id IN (SELECT r.id FROM runs r JOIN trains t ON t.id = r.train_id WHERE t.number IN ('G101', 'K201') AND r.service_date = ?)",
                [day.description])
            try db.run(
                "DELETE FROM runs WHERE service_date = ? AND train_id IN (SELECT id FROM trains WHERE number IN ('G101', 'K201'))", [day.description])
        }
        XCTAssertEqual(try runs(on: day), ["D301", "G103"])
        XCTAssertEqual(try ensure(today: today), 2)
        XCTAssertEqual(try runs(on: day), ["D301", "G101", "G103", "K201"])
    }
}
