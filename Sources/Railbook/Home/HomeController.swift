import HTTP
import Mustache
import Storage

/// The home page: the trip search form and the visitor's recent searches, the administrators'
/// notices, the hot routes and the month's calendar. `?from=` and `?to=` (as the stations page links
/// them) prefill the form when they name a station. A first-time visitor gets the welcome instead
/// (see `WelcomeController`).
struct HomeController: Controller {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway
    let history: SearchHistory
    let welcome: WelcomeController
    /// The hot routes, counted again every few minutes.
    let hotRoutes = HotRoutesCache()
    /// The month's calendar, made once a day per language and trip.
    let calendars = HomeCalendarCache()

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/", use: index)
    }

    func index(_ request: Request, _ context: inout AppContext) throws -> Response {
        if welcome.isDue(for: request, context: context) { return try welcome.show(request, &context) }
        welcome.rememberUser(request, &context)
        let form = SearchFormViewModel(renderer: renderer, context: context, railway: railway, history: history, request: request)
        let resolver = railway.resolver
        let from = request.query["from"].flatMap(resolver.resolve)?.name(in: context.language) ?? ""
        let to = request.query["to"].flatMap(resolver.resolve)?.name(in: context.language) ?? ""
        let timetable = railway.timetable
        let now = context.now
        let (announcements, routes) = try database.read { db in
            (try Announcement.shown(in: db), try hotRoutes.routes(now: now) { try HotRoutes(timetable: timetable).routes(now: now, in: db) })
        }
        let latest = try history.searches(request: request, context: context).first
        let month = CalendarQuery(month: CalendarMonth(of: context.today), from: latest?.origin.name(in: context.language) ?? "",
                                  to: latest?.destination.name(in: context.language) ?? "")
        let calendar = CalendarViewModel(renderer: renderer, language: context.language, railway: railway, query: month, today: context.today)
        let key = HomeCalendarCache.Key(today: context.today, language: context.language, month: month.month, from: month.from, to: month.to)
        let page = HomePageViewModel(form: try form.value(from: from, to: to, date: ""), announcements: announcements, hotRoutes: routes,
                                     calendar: calendars.values(key, runsGeneration: railway.runs.generation, make: calendar.values),
                                     calendarHref: month.target(month: month.month), timetable: timetable,
                                     firstDay: railway.presaleWindow(today: context.today).lowerBound, renderer: renderer, context: context)
        return try renderer.page("home/index", page, context: context)
    }
}
