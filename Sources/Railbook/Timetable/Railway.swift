import Locking
import Storage

/// The railway as the site sees it: the timetable in memory, the runs of each day and the seats
/// left on them, and the presale window.
public final class Railway: Sendable {
    let database: DatabasePool
    /// How many days ahead tickets are sold, today included.
    public let presaleDays: Int
    /// How a delay is carried on from stop to stop, and what a late train owes its travellers.
    let running: RunningSettings
    let runs: RunDirectory
    let inventory: SeatInventory
    /// The running reports of runs, for the pages that show where trains are.
    let runningTimes: RunningTimesCache
    /// Rendered station boards (`StationBoardController`), a few megabytes of them.
    let boards = FragmentCache<StationBoard.Key, RunningStamp>(budget: 4 * 1_048_576)
    /// Rendered stops of train pages with their runs' times as they stand (`TrainController`).
    let trainStops = FragmentCache<TrainStopsViewModel.Key, RunningStamp>(budget: 8 * 1_048_576)
    /// Rendered search results without their seat counts, reused until the runs or timetable change
    /// or a class they show sells out or comes back.
    let resultsCache: SearchResultsCache
    private let current: Locked<Timetable>

    /// Loads the timetable from the database; the seat and results caches keep at most the bytes given.
    init(
        database: DatabasePool, presaleDays: Int, running: RunningSettings = RunningSettings(), seatCacheBytes: Int, resultsCacheBytes: Int
    ) throws {
        self.database = database
        self.presaleDays = presaleDays
        self.running = running
        runs = RunDirectory(database: database)
        inventory = SeatInventory(database: database, budget: seatCacheBytes)
        runningTimes = RunningTimesCache(database: database)
        resultsCache = SearchResultsCache(budget: resultsCacheBytes)
        current = Locked(try database.read { try Timetable.load(from: $0) })
    }

    /// The timetable as it is now.
    var timetable: Timetable { current.withLock { $0 } }

    /// Reads the timetable again after it changed.
    func reloadTimetable() throws {
        let fresh = try database.read { try Timetable.load(from: $0) }
        current.withLock { $0 = fresh }
        runs.forgetAll()
    }

    /// Creates the runs of the presale window that do not exist yet (for example after midnight).
    @discardableResult
    func ensureRuns(today: CivilDate) throws -> Int {
        let created = try database.write { try RunSchedule.ensureRuns(today: today, presaleDays: presaleDays, in: $0) }
        if created > 0 { runs.forgetAll() }
        return created
    }

    /// Creates the missing runs of the presale window alone among writers (`writeWithoutTransaction`,
    /// across servers on PostgreSQL), so two servers never create the same day's runs at once.
    func ensureRunsAlone(today: CivilDate) throws {
        try database.writeWithoutTransaction { _ in _ = try ensureRuns(today: today) }
    }

    /// The dates tickets are sold for, from today.
    func presaleWindow(today: CivilDate) -> ClosedRange<CivilDate> {
        today...today.adding(days: presaleDays - 1)
    }

    /// Run `run` of `train` as it stands now, from the reports in memory.
    func runningStatus(of run: RunInfo, train: Train) throws -> RunningStatus {
        RunningStatus(
            train: train, runDelay: run.delayMinutes, reports: try runningTimes.reports(ofRun: run.id),
            recoveryPerStop: running.recoveryMinutesPerStop)
    }

    /// What a page rendered from runs and running reports now is stamped with (`FragmentCache`).
    var runningStamp: RunningStamp { RunningStamp(runs: runs.generation, running: runningTimes.generation) }

    /// Searches with the current timetable.
    var search: TripSearch { TripSearch(timetable: timetable, runs: runs, inventory: inventory) }

    /// Understands station names, codes and pinyin with the current timetable.
    var resolver: StationResolver { StationResolver(timetable: timetable) }
}
