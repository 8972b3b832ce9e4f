import HTTP
import Storage

/// `/stations/:code/board`: a station's next departures and arrivals as they stand, for travellers'
/// phones and station screens alike; it asks the browser to load it again every
/// `refreshSeconds` (the HTTP `Refresh` header, no script). An unknown station is a 404.
struct StationBoardController: Controller {
    static let refreshSeconds = 30

    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/stations/:code/board", use: show)
    }

    func show(_ request: Request, _ context: inout AppContext) throws -> Response {
        let code = String(try context.parameters.require("code").prefix(10)).uppercased()
        guard let station = railway.timetable.stationsByTelecode[code] else {
            throw HTTPError(.notFound, message: renderer.messages.text("board_unknown_station", context.language, code))
        }
        let now = context.now
        let board = try database.read { db in
            try StationBoard(station: station, now: now, railway: railway, recoveryPerStop: railway.running.recoveryMinutesPerStop, in: db)
        }
        let page = StationBoardViewModel(
            station: station, board: board, now: now, refreshSeconds: Self.refreshSeconds, timetable: railway.timetable,
            text: renderer.texts(context))
        var response = try renderer.page("timetable/board", page, context: context)
        response.headers.set("Refresh", String(Self.refreshSeconds))
        return response
    }
}
