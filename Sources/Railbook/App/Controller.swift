import HTTP

/// A controller: a plain struct that receives what it needs in `init` and registers its routes.
protocol Controller {
    /// Registers the controller's routes in `group` (which carries the middleware of its audience).
    func addRoutes(to group: RouteGroup<AppContext>)
}

/// The groups a controller's routes can join, by who may reach them.
struct SiteRoutes {
    /// Anyone, logged in or not.
    let everyone: RouteGroup<AppContext>
    /// Logged-in users; visitors are sent to the login page.
    let members: RouteGroup<AppContext>
    /// Logged-in administrators, on paths of their own (`/merchant`, `/complaints/desk`); anyone else gets a 404.
    let administrators: RouteGroup<AppContext>
    /// The back office under `/admin`: administrators only; anyone else gets a 404. Each of its
    /// pages first catches up with what other servers changed.
    let adminArea: RouteGroup<AppContext>

    /// The groups of `router`; `follower` keeps the back office in step with other servers.
    init(_ router: Router<AppContext>, follower: CacheFollower) {
        everyone = router.group("")
        members = everyone.adding(RequireLogin())
        administrators = members.adding(RequireAdmin())
        adminArea = router.group("/admin").adding(RequireAdmin()).adding(CatchUpWithOtherServers(follower: follower))
    }
}

/// A controller together with the audience its routes are for: one entry of a feature's list.
struct Mount {
    /// Registers the routes in the right group.
    let register: (SiteRoutes) -> Void

    /// Routes anyone may use.
    static func everyone(_ controller: some Controller) -> Mount { Mount { controller.addRoutes(to: $0.everyone) } }
    /// Routes for logged-in users.
    static func members(_ controller: some Controller) -> Mount { Mount { controller.addRoutes(to: $0.members) } }
    /// Routes for administrators outside `/admin`.
    static func administrators(_ controller: some Controller) -> Mount { Mount { controller.addRoutes(to: $0.administrators) } }
    /// Routes of the back office, under `/admin`.
    static func adminArea(_ controller: some Controller) -> Mount { Mount { controller.addRoutes(to: $0.adminArea) } }
}
