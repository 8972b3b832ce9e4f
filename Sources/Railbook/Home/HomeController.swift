import HTTP
import Mustache

/// The home page: the trip search form and the visitor's recent searches. `?from=` and `?to=`
/// (as the stations page links them) prefill the form when they name a station. A first-time
/// visitor gets the welcome instead (see `WelcomeController`).
struct HomeController: Controller {
    let renderer: PageRenderer
    let railway: Railway
    let history: SearchHistory
    let welcome: WelcomeController

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/") { request, context in try index(request, &context) }
    }

    func index(_ request: Request, _ context: inout AppContext) throws -> Response {
        if welcome.isDue(for: request, context: context) { return try welcome.show(request, &context) }
        welcome.rememberUser(request, &context)
        let form = SearchFormViewModel(renderer: renderer, context: context, railway: railway, history: history, request: request)
        let resolver = railway.resolver
        let from = request.query["from"].flatMap(resolver.resolve)?.name(in: context.language) ?? ""
        let to = request.query["to"].flatMap(resolver.resolve)?.name(in: context.language) ?? ""
        return try renderer.page("home/index", ["form": try form.value(from: from, to: to, date: "")],
                                   context: context)
    }
}
