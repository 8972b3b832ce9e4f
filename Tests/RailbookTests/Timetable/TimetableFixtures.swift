import HTMLTesting
import Storage

@testable import Railbook

/// A small hand-built network for search tests: two stations in 甲城, an overnight train, a
/// train whose seats can be sold segment by segment.
enum TimetableFixtures {
    static let stations = """
        AAA|甲城|jiacheng|jc|甲城|1
        AAB|甲城东|jiachengdong|jcd|甲城|0
        BBB|乙城|yicheng|yc|乙城|1
        CCC|丙城|bingcheng|bc|丙城|0
        DDD|丁城|dingcheng|dc|丁城|0
        """

    static let trains = """
        G101|AAA,0,-,08:00|BBB,300,09:00,09:02|CCC,600,10:00,-
        G103|AAB,0,-,09:00|BBB,310,10:05,-
        K201|AAA,0,-,22:00|BBB,300,02:00+1,02:10+1|DDD,700,07:00+1,-
        D301|BBB,0,-,11:00|CCC,300,12:30,-
        """

    /// A test client whose application has the small network and runs for the presale window.
    static func client(acceptLanguage: String = "zh-CN") throws -> TestClient {
        let client = try TestSite.makeClient(acceptLanguage: acceptLanguage)
        try load(into: client.application)
        return client
    }

    static func load(into application: Application, stations: String = stations, trains: String = trains) throws {
        try application.database.write { db in
            try TimetableText.loadStations(stations, into: db)
            try TimetableText.loadTrains(trains, into: db)
        }
        try application.railway.reloadTimetable()
        try application.railway.ensureRuns(today: application.clock.today())
    }

    /// The id of `train`'s run on `date`.
    static func runID(_ application: Application, train: String, date: CivilDate) throws -> Int64 {
        try application.database.read { db in
            try db.queryOne(
                """
                SELECT r.id FROM runs r JOIN trains t ON t.id = r.train_id WHERE t.number = ? AND r.service_date = ?
                """, [train, date.description])!.int64("id")
        }
    }

    /// Marks every seat of `seatClass` on a run as sold for the stops `from`..<`to`, but for the seats
    /// `leavingFree` (indexes in the class's first coach), which are left wholly free.
    static func sellAll(
        _ application: Application, runID: Int64, seatClass: SeatClass, from: Int, to: Int,
        leavingFree: [Int] = []
    ) throws {
        let mask = try SegmentMask(from: from, to: to).bits
        try application.database.write { db in
            for (position, row) in try db.query(
                """
                SELECT coach_number, seat_count FROM run_coaches WHERE run_id = ? AND seat_class = ? ORDER BY coach_number
                """, [runID, seatClass.rawValue]
            ).enumerated() {
                var occupancy = Array(repeating: mask, count: try row.int("seat_count"))
                if position == 0 { for seat in leavingFree { occupancy[seat] = 0 } }
                try db.run(
                    "UPDATE run_coaches SET occupancy = ? WHERE run_id = ? AND coach_number = ?",
                    [OccupancyBlob.encode(occupancy), runID, try row.int64("coach_number")])
            }
        }
        application.railway.inventory.forget(runID: runID)
    }
}
