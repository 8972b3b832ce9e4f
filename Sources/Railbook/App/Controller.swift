import HTTP

/// A controller for anyone: a plain struct that receives what it needs in `init` and registers its
/// routes, by method reference, in `addRoutes(to:)`.
protocol Controller {
    /// Registers the controller's routes in `group`.
    func addRoutes(to group: RouteGroup<AppContext>)
}

/// A controller whose routes are for logged-in users: its handlers get a `MemberContext`.
protocol MemberController {
    /// Registers the controller's routes behind login.
    func addRoutes(to members: MemberRoutes)
}

/// A controller whose routes are for administrators: its handlers get an `AdminContext`.
protocol AdminController {
    /// Registers the controller's routes for administrators.
    func addRoutes(to admin: AdminRoutes)
}

/// The groups a controller's routes can join, by who may reach them.
struct SiteRoutes {
    /// Anyone, logged in or not.
    let everyone: RouteGroup<AppContext>
    /// Logged-in users; visitors are sent to the login page.
    let members: MemberRoutes
    /// Logged-in administrators, on paths of their own (`/merchant`, `/complaints/desk`); anyone else gets a 404.
    let administrators: AdminRoutes
    /// The back office under `/admin`: administrators only; anyone else gets a 404. Each of its
    /// pages first catches up with what other servers changed.
    let adminArea: AdminRoutes

    /// The groups of `router`; `follower` keeps the back office in step with other servers.
    init(_ router: Router<AppContext>, follower: CacheFollower) {
        everyone = router.group("")
        let loggedIn = everyone.adding(RequireLogin())
        members = MemberRoutes(group: loggedIn, narrow: MemberContext.init)
        administrators = AdminRoutes(group: loggedIn.adding(RequireAdmin()), narrow: AdminContext.init)
        adminArea = AdminRoutes(
            group: router.group("/admin").adding(RequireAdmin()).adding(CatchUpWithOtherServers(follower: follower)),
            narrow: AdminContext.init)
    }
}

/// A controller together with the audience its routes are for: one entry of a feature's list.
struct Mount {
    /// Registers the routes in the right group.
    let register: (SiteRoutes) -> Void

    /// Routes anyone may use.
    static func everyone(_ controller: some Controller) -> Mount { Mount { controller.addRoutes(to: $0.everyone) } }
    /// Routes for logged-in users.
    static func members(_ controller: some MemberController) -> Mount { Mount { controller.addRoutes(to: $0.members) } }
    /// Routes for administrators outside `/admin`.
    static func administrators(_ controller: some AdminController) -> Mount { Mount { controller.addRoutes(to: $0.administrators) } }
    /// Routes of the back office, under `/admin`.
    static func adminArea(_ controller: some AdminController) -> Mount { Mount { controller.addRoutes(to: $0.adminArea) } }
}
