import Locking

/// The hot routes as last counted, counted again at most every `freshness` seconds: the home page
/// is the site's busiest page, and the count reads the last week's tickets.
final class HotRoutesCache: Sendable {
    /// How long a count is shown before it is made again.
    static let freshness = 300

    private let last = Locked<(countedAt: Int, routes: [HotRoutes.Route])?>(nil)

    /// The routes counted at most `freshness` seconds before `now`, or those `count` gives now.
    func routes(now: Int, count: () throws -> [HotRoutes.Route]) throws -> [HotRoutes.Route] {
        if let last = last.withLock({ $0 }), (last.countedAt...(last.countedAt + Self.freshness - 1)).contains(now) {
            return last.routes
        }
        let routes = try count()
        last.withLock { $0 = (now, routes) }
        return routes
    }
}
