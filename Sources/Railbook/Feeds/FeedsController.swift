import HTTP
import Storage

/// The open feeds for map and journey-planning apps: `/gtfs.zip` (the timetable as GTFS, the runs
/// of the presale window), `/gtfs-rt/trip-updates` and `/gtfs-rt/alerts` (GTFS Realtime, protocol
/// buffers). Each is made from the database when first asked and kept while the runs and running
/// reports it was made from stand (`RunningStamp`): a report, a delay, a cancellation, new runs or a
/// timetable edit make it again; the realtime feeds are made again each minute at least, so their
/// header's time is never older than that.
struct FeedsController: Controller {
    /// A feed as made: which, and for the schedule the day, for the realtime feeds the minute.
    enum Key: Hashable, Sendable {
        case schedule(CivilDate)
        case tripUpdates(minute: Int)
        case alerts(minute: Int)
    }

    let database: DatabasePool
    let railway: Railway
    let messages: Messages
    let site: SiteAddress
    /// The feeds as last made, a few megabytes of them.
    let made = FragmentCache<Key, RunningStamp>(budget: 8 * 1_048_576)

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/gtfs.zip", use: schedule)
        router.get("/gtfs-rt/trip-updates", use: tripUpdates)
        router.get("/gtfs-rt/alerts", use: alerts)
    }

    func schedule(_ request: Request, _ context: inout AppContext) throws -> Response {
        let today = context.today
        // The schedule shows no running reports: only the runs' counter decides it is stale.
        let bytes = try made.html(.schedule(today), stamp: RunningStamp(runs: railway.runs.generation, running: 0)) {
            let window = railway.presaleWindow(today: today)
            let dates = try database.read { try GTFSSchedule.runDates(from: today, to: window.upperBound, in: $0) }
            var archive = ZipArchive()
            for file in GTFSSchedule.files(timetable: railway.timetable, runDates: dates, siteURL: site.url) {
                archive.add(file.name, file.bytes)
            }
            return try archive.bytes()
        }
        var response = Response(status: .ok, body: bytes)
        response.headers.set("Content-Type", "application/zip")
        response.headers.set("Content-Disposition", "attachment; filename=\"railbook-gtfs.zip\"")
        return response
    }

    func tripUpdates(_ request: Request, _ context: inout AppContext) throws -> Response {
        let now = context.now
        return protobuf(
            try made.html(.tripUpdates(minute: now / 60), stamp: railway.runningStamp) {
                GTFSRealtime(timetable: railway.timetable, messages: messages, now: now).tripUpdates(try runs(context))
            })
    }

    func alerts(_ request: Request, _ context: inout AppContext) throws -> Response {
        let now = context.now
        return protobuf(
            try made.html(.alerts(minute: now / 60), stamp: railway.runningStamp) {
                GTFSRealtime(timetable: railway.timetable, messages: messages, now: now)
                    .alerts(try runs(context), significantMinutes: railway.running.freeChangeMinutes)
            })
    }

    private func runs(_ context: AppContext) throws -> [GTFSRealtime.Run] {
        let today = context.today, timetable = railway.timetable
        let runs = try database.read { try GTFSRealtime.runs(today: today, timetable: timetable, in: $0) }
        let reports = try railway.runningTimes.reports(ofRuns: runs.map(\.id))
        return runs.map { run in
            GTFSRealtime.Run(
                id: run.id, train: run.train, serviceDate: run.serviceDate, isCancelled: run.info.isCancelled,
                status: RunningStatus(
                    train: run.train, runDelay: run.info.delayMinutes, reports: reports[run.id] ?? [:],
                    recoveryPerStop: railway.running.recoveryMinutesPerStop))
        }
    }

    private func protobuf(_ bytes: [UInt8]) -> Response {
        var response = Response(status: .ok, body: bytes)
        response.headers.set("Content-Type", "application/x-protobuf")
        return response
    }
}
