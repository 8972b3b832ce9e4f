import HTTP
import Storage

/// `/me`: the user's account hub: their name, what waits for payment, their next trips, a tile
/// with a count for each thing they keep, their notices and details (documents masked).
struct ProfileController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway
    /// How long an unpaid waitlist waits for its prepayment (`Deadlines.holdSeconds`).
    let holdSeconds: Int

    func addRoutes(to group: MemberRoutes) {
        group.get("/me", use: show)
    }

    func show(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let now = context.now, holdSeconds = holdSeconds
        let (notices, holders, hub, runs) = try database.read { db in
            let hub = try AccountHub.load(userID: user.id, now: now, holdSeconds: holdSeconds, in: db)
            return (
                try Notice.latest(userID: user.id, in: db), try DocumentHolder.all(holding: user, in: db), hub,
                try TicketTrip.runs(of: hub.nextTrips, in: db)
            )
        }
        if request.method == .get, let newest = notices.first, newest.readAt == nil {
            // Seen now: the page still marks them new, the header no longer counts them. (A HEAD
            // request, from a link checker say, shows nobody anything.)
            _ = try database.write { try Notice.markRead(userID: user.id, upTo: newest.id, now: context.now, in: $0) }
            context.unreadNotices = 0
        }
        // A logged-in user's session has its CSRF token (`{{csrf}}` for the remove forms).
        let page = ProfilePageViewModel(
            user: user, notices: notices, holders: holders, hub: hub, runs: runs, timetable: railway.timetable,
            showsSaved: request.query["saved"] != nil, showsHolderRemoved: request.query["holder_removed"] != nil,
            text: renderer.texts(context))
        return try renderer.page("accounts/me", page, context: context)
    }
}
