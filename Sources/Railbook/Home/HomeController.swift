import HTTP
import Mustache

/// The home page: the trip search form.
struct HomeController {
    let renderer: PageRenderer

    func addRoutes(to router: Router<AppContext>) {
        router.get("/") { request, context in try index(request, context) }
    }

    func index(_ request: Request, _ context: AppContext) throws -> Response {
        let today = ChinaTime.today()
        return try renderer.render("home/index", [
            "today": .string(today.description),
            "lastDate": .string(today.adding(days: 14).description),
        ], request: request, context: context)
    }
}
