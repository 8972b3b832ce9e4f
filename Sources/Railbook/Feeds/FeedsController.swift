import HTTP
import Storage

/// The open feeds for map and journey-planning apps: `/gtfs.zip` (the timetable as GTFS, the runs
/// of the presale window), `/gtfs-rt/trip-updates` and `/gtfs-rt/alerts` (GTFS Realtime, protocol
/// buffers). Each is made from the database when asked, so it follows every change at once.
struct FeedsController: Controller {
    let database: DatabasePool
    let railway: Railway
    let messages: Messages
    let site: SiteAddress

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/gtfs.zip", use: schedule)
        router.get("/gtfs-rt/trip-updates", use: tripUpdates)
        router.get("/gtfs-rt/alerts", use: alerts)
    }

    func schedule(_ request: Request, _ context: inout AppContext) throws -> Response {
        let today = context.today
        let window = railway.presaleWindow(today: today)
        let dates = try database.read { try GTFSSchedule.runDates(from: today, to: window.upperBound, in: $0) }
        var archive = ZipArchive()
        for file in GTFSSchedule.files(timetable: railway.timetable, runDates: dates, siteURL: site.url) { archive.add(file.name, file.bytes) }
        var response = Response(status: .ok, body: try archive.bytes())
        response.headers.set("Content-Type", "application/zip")
        response.headers.set("Content-Disposition", "attachment; filename=\"railbook-gtfs.zip\"")
        return response
    }

    func tripUpdates(_ request: Request, _ context: inout AppContext) throws -> Response {
        let feed = GTFSRealtime(timetable: railway.timetable, messages: messages, now: context.now)
        return protobuf(feed.tripUpdates(try runs(context)))
    }

    func alerts(_ request: Request, _ context: inout AppContext) throws -> Response {
        let feed = GTFSRealtime(timetable: railway.timetable, messages: messages, now: context.now)
        return protobuf(feed.alerts(try runs(context), significantMinutes: railway.running.freeChangeMinutes))
    }

    private func runs(_ context: AppContext) throws -> [GTFSRealtime.Run] {
        let today = context.today, timetable = railway.timetable, settings = railway.running
        return try database.read { try GTFSRealtime.runs(today: today, timetable: timetable, settings: settings, in: $0) }
    }

    private func protobuf(_ bytes: [UInt8]) -> Response {
        var response = Response(status: .ok, body: bytes)
        response.headers.set("Content-Type", "application/x-protobuf")
        return response
    }
}
