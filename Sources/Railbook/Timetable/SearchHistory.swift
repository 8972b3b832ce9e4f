import HTTP
import SQLite

/// The last 10 searches: kept per user when logged in, per browser (a cookie of telecodes) otherwise.
struct SearchHistory: Sendable {
    static let cookieName = "searches"
    static let limit = 10
    let database: DatabasePool
    let railway: Railway
    let usesSecureCookies: Bool

    /// Remembers a search, most recent first, forgetting older repeats of the same pair.
    func record(origin: Station, destination: Station, request: Request, context: inout AppContext) throws {
        if let user = context.user {
            try database.write { db in
                try db.run("DELETE FROM search_history WHERE user_id = ? AND from_station_id = ? AND to_station_id = ?",
                           [.integer(user.id), .integer(origin.id), .integer(destination.id)])
                try db.run("INSERT INTO search_history (user_id, from_station_id, to_station_id, searched_at) VALUES (?, ?, ?, ?)",
                           [.integer(user.id), .integer(origin.id), .integer(destination.id), .integer(Int64(ChinaTime.now()))])
                try db.run("""
                    DELETE FROM search_history WHERE user_id = ? AND id NOT IN (
                        SELECT id FROM search_history WHERE user_id = ? ORDER BY searched_at DESC, id DESC LIMIT \(SearchHistory.limit))
                    """, [.integer(user.id), .integer(user.id)])
            }
            return
        }
        let pair = origin.telecode + "-" + destination.telecode
        let pairs = [pair] + cookiePairs(request).filter { $0 != pair }
        var cookie = Cookie(name: SearchHistory.cookieName, value: pairs.prefix(SearchHistory.limit).joined(separator: "."),
                            maxAge: 90 * 86_400)
        cookie.isSecure = usesSecureCookies
        context.cookiesToSet.append(cookie)
    }

    /// The remembered searches, most recent first.
    func searches(request: Request, context: AppContext) throws -> [(origin: Station, destination: Station)] {
        let timetable = railway.timetable
        if let user = context.user {
            return try database.read { db in
                try db.query("""
                    SELECT from_station_id, to_station_id FROM search_history WHERE user_id = ? ORDER BY searched_at DESC, id DESC
                    """, [.integer(user.id)]).compactMap { row in
                    guard let origin = timetable.station(try row.int64("from_station_id")),
                          let destination = timetable.station(try row.int64("to_station_id")) else { return nil }
                    return (origin, destination)
                }
            }
        }
        return cookiePairs(request).compactMap { pair in
            let codes = pair.split(separator: "-")
            guard codes.count == 2, let origin = timetable.stationsByTelecode[String(codes[0])],
                  let destination = timetable.stationsByTelecode[String(codes[1])] else { return nil }
            return (origin, destination)
        }
    }

    /// Forgets every remembered search of this user or browser.
    func clear(context: inout AppContext) throws {
        if let user = context.user {
            try database.write { try $0.run("DELETE FROM search_history WHERE user_id = ?", [.integer(user.id)]) }
        }
        context.cookiesToSet.append(.expired(SearchHistory.cookieName))
    }

    private func cookiePairs(_ request: Request) -> [String] {
        (request.cookies[SearchHistory.cookieName] ?? "").split(separator: ".").prefix(SearchHistory.limit)
            .map(String.init).filter { $0.utf8.count == 7 && $0.utf8.allSatisfy { $0 == UInt8(ascii: "-") || ($0 >= 65 && $0 <= 90) } }
    }
}
