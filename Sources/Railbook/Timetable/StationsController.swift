import HTTP

/// `/stations`: every station by the first letter of its pinyin, hot stations first, each with
/// links that open the search form from or to it; `?q=` narrows the list.
struct StationsController: Controller {
    let renderer: PageRenderer
    let railway: Railway

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/stations", use: index)
    }

    func index(_ request: Request, _ context: inout AppContext) throws -> Response {
        let query = String((request.query["q"] ?? "").trimmed.prefix(30))
        let resolver = railway.resolver
        let stations = resolver.stations(matching: query)
        let suggestions = stations.isEmpty ? resolver.suggestions(for: query) : []
        let page = StationsPageViewModel(
            query: query, stations: stations, hot: railway.timetable.stations.filter(\.isHot),
            suggestions: suggestions, text: renderer.texts(context))
        return try renderer.page("timetable/stations", page, context: context)
    }
}
