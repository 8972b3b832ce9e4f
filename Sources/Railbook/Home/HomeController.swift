import HTTP
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
        let text = renderer.texts(context)
        let language = context.language, today = context.today
        let resolver = railway.resolver
        let from = request.query["from"].flatMap(resolver.resolve)?.name(in: language) ?? ""
        let to = request.query["to"].flatMap(resolver.resolve)?.name(in: language) ?? ""
        let timetable = railway.timetable
        let now = context.now
        let (announcements, routes) = try database.read { db in
            (try Announcement.shown(in: db), try hotRoutes.routes(now: now) { try HotRoutes(timetable: timetable).routes(now: now, in: db) })
        }
        let searches = try history.searches(request: request, context: context)
        let window = railway.presaleWindow(today: today)
        let form = SearchFormViewModel(
            from: from, to: to, date: "", searches: searches, window: window, timetable: timetable,
            language: language, csrf: context.csrfToken, target: request.target)
        let latest = searches.first
        let month = CalendarQuery(
            month: CalendarMonth(of: today), from: latest?.origin.name(in: language) ?? "",
            to: latest?.destination.name(in: language) ?? "")
        let key = HomeCalendarCache.Key(today: today, language: language, month: month.month, from: month.from, to: month.to)
        let calendar = try calendars.value(key, runsGeneration: railway.runs.generation) {
            let section = HomeCalendarViewModel(
                calendar: CalendarViewModel(query: month, railway: railway, today: today, text: text),
                calendarHref: month.target(month: month.month))
            return try renderer.fragment("home/_calendar", section, language: language)
        }
        let hotSection = try hotRoutes.section(routes, timetable: timetable, language: language, firstDay: window.lowerBound) {
            try renderer.fragment(
                "home/_hot_routes", HomeHotRoutesViewModel(routes, timetable: timetable, firstDay: window.lowerBound, text: text),
                language: language)
        }
        let page = HomePageViewModel(form: form, announcements: announcements, hotRoutes: hotSection, calendar: calendar, text: text)
        return try renderer.page("home/index", page, context: context)
    }
}
