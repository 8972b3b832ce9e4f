import HTTP

/// `/stations/:code/board`: a station's next departures and arrivals as they stand, for travellers'
/// phones and station screens alike; it asks the browser to load it again every
/// `refreshSeconds` (the HTTP `Refresh` header, no script). Its tables are rendered once a minute
/// per station and language and kept while the runs and running reports they show stand
/// (`Railway.boards`; a report, a delay or a cancellation renders them again). An unknown station is a 404.
struct StationBoardController: Controller {
    static let refreshSeconds = 30

    let renderer: PageRenderer
    let railway: Railway

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/stations/:code/board", use: show)
    }

    func show(_ request: Request, _ context: inout AppContext) throws -> Response {
        let code = String(try context.parameters.require("code").prefix(10)).uppercased()
        guard let station = railway.timetable.stationsByTelecode[code] else {
            throw HTTPError(.notFound, message: renderer.messages.text("board_unknown_station", context.language, code))
        }
        let now = context.now, text = renderer.texts(context)
        let key = StationBoard.Key(stationID: station.id, language: context.language, minute: now / 60)
        let sections = try railway.boards.html(key, stamp: railway.runningStamp) {
            let board = try StationBoard(station: station, now: now, railway: railway)
            return try renderer.fragment(
                "timetable/_board_sections", StationBoardSectionsViewModel(board: board, now: now, timetable: railway.timetable, text: text),
                language: context.language)
        }
        let page = StationBoardViewModel(station: station, now: now, refreshSeconds: Self.refreshSeconds, sectionsHTML: sections, text: text)
        var response = try renderer.page("timetable/board", page, context: context)
        response.headers.set("Refresh", String(Self.refreshSeconds))
        return response
    }
}
