import HTTP
import Storage

/// `GET /health`, for a load balancer's health checks: 200 "ok" when this server can reach its
/// database (one read), else 503 with the reason, so the balancer sends travellers elsewhere.
struct HealthController: Controller {
    let database: DatabasePool

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/health", use: check)
    }

    func check(_ request: Request, _ context: inout AppContext) -> Response {
        do {
            _ = try database.read { try $0.queryOne("SELECT 1") }
            var response = Response.text("ok\n")
            response.headers.set("Cache-Control", "no-store")
            return response
        } catch {
            ServerLog.write("error: health check: \(error)")
            var response = Response.text("database unreachable\n", status: .serviceUnavailable)
            response.headers.set("Cache-Control", "no-store")
            return response
        }
    }
}
