import HTTP

/// `/calendar`: a month with weekdays, lunar dates, public holidays and the presale window; days
/// on sale link to the search. A month that cannot be shown gives the nearest one and a message.
struct CalendarController: Controller {
    let renderer: PageRenderer
    let railway: Railway

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/calendar", use: month)
    }

    /// The month page; never an error page for a bad `month` (see `CalendarQuery`).
    func month(_ request: Request, _ context: inout AppContext) throws -> Response {
        let today = context.today
        let query = CalendarQuery(query: request.query, today: today)
        let page = CalendarViewModel(query: query, railway: railway, today: today, text: renderer.texts(context))
        return try renderer.page("timetable/calendar", page, context: context)
    }
}
