import HTTP
import Storage

/// `/me`: the user's own page with their details (documents masked) and links to what they own.
struct ProfileController: Controller {
    let renderer: PageRenderer
    let database: DatabasePool

    func addRoutes(to group: RouteGroup<AppContext>) {
        group.get("/me") { request, context in try show(request, &context) }
    }

    func show(_ request: Request, _ context: inout AppContext) throws -> Response {
        let user = try context.currentUser()
        let (notices, holders) = try database.read { db in
            (try Notice.latest(userID: user.id, in: db), try DocumentHolder.all(holding: user, in: db))
        }
        if request.method == .get, let newest = notices.first, newest.readAt == nil {
            // Seen now: the page still marks them new, the header no longer counts them. (A HEAD
            // request, from a link checker say, shows nobody anything.)
            _ = try database.write { try Notice.markRead(userID: user.id, upTo: newest.id, now: context.now, in: $0) }
            context.unreadNotices = 0
        }
        // A logged-in user's session has its CSRF token (`{{csrf}}` for the remove forms).
        let page = ProfilePageViewModel(user: user, notices: notices, holders: holders, showsSaved: request.query["saved"] != nil,
                                        showsHolderRemoved: request.query["holder_removed"] != nil, messages: renderer.messages,
                                        language: context.language)
        return try renderer.page("accounts/me", page, context: context)
    }
}

extension AppContext {
    /// The logged-in user; routes behind `RequireLogin` always have one.
    func currentUser() throws -> User {
        guard let user else { throw HTTPError(.unauthorized) }
        return user
    }
}
