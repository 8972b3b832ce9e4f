import Storage

/// `railbook seed`: loads the demo network or the synthetic national one into a database that has
/// no timetable yet, then creates the runs of the presale window, and reports what it did.
enum SeedCommand {
    static func seed(_ options: CommandLineOptions, output: CommandOutput) throws -> Int32 {
        let started = ChinaTime.monotonicMilliseconds()
        let database = try CommandDatabase.open(options)
        defer { database.close() }
        let loaded: Bool
        switch options.scale {
        case .demo:
            loaded = try DemoNetwork.loadIfEmpty(into: database)
        case .national:
            loaded = try database.write { db in
                guard try db.queryOne("SELECT id FROM stations LIMIT 1") == nil else { return false }
                try NationalNetwork.load(into: db)
                return true
            }
        }
        guard loaded else {
            output.error("railbook: \(options.database.displayName) already has a timetable; seed an empty database")
            return 1
        }
        let runs = try database.write {
            try RunSchedule.ensureRuns(today: SystemClock().today(), presaleDays: SiteConfiguration().presaleDays, in: $0)
        }
        let counts = try database.read { db in
            (try db.queryOne("SELECT COUNT(*) AS n FROM stations")!.int("n"), try db.queryOne("SELECT COUNT(*) AS n FROM trains")!.int("n"))
        }
        let seconds = Double(ChinaTime.monotonicMilliseconds() - started) / 1000
        output.line("railbook: loaded \(counts.0) stations, \(counts.1) trains and \(runs) runs into \(options.database.displayName) in \(seconds) s")
        return 0
    }
}
