import HTTP

/// Before each back-office page, reads what other servers sharing the database changed
/// (`CacheFollower.catchUp`): an administrator who changed the timetable through one server and
/// is sent to another sees the change there at once. Nothing to do with one server (SQLite).
struct CatchUpWithOtherServers: Middleware {
    let follower: CacheFollower

    func respond(to request: Request, context: inout AppContext, next: Responder<AppContext>) throws -> Response {
        follower.catchUp()
        return try next(request, &context)
    }
}
