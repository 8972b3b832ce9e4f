import HTTP
import Storage

/// The last 10 searches with their travel dates: kept per user when logged in, per browser (a
/// cookie of telecodes and dates, `VNP-AOH-20261203`) otherwise.
struct SearchHistory: Sendable {
    /// One remembered search.
    struct Search {
        let origin: Station
        let destination: Station
        /// The date searched; nil for searches remembered without one.
        let date: CivilDate?
    }

    static let cookieName = "searches"
    static let limit = 10
    let database: DatabasePool
    let railway: Railway
    let usesSecureCookies: Bool

    /// Remembers a search, most recent first, forgetting older repeats of the same pair. A
    /// database out of space only leaves it unremembered: the results are still shown.
    func record(origin: Station, destination: Station, date: CivilDate, request: Request, context: inout AppContext) throws {
        if let user = context.user {
            do {
                try remember(userID: user.id, origin: origin, destination: destination, date: date, now: context.now)
            } catch  where OutOfSpaceLog.isOutOfSpace(error) {
                OutOfSpaceLog.shared.note(error, while: "remembering a search")
            }
            return
        }
        let pair = origin.telecode + "-" + destination.telecode
        let entry = pair + "-" + date.description.filter { $0 != "-" }
        let pairs = [entry] + cookiePairs(request).filter { !$0.hasPrefix(pair) }
        var cookie = Cookie(
            name: SearchHistory.cookieName, value: pairs.prefix(SearchHistory.limit).joined(separator: "."),
            maxAge: 90 * 86_400)
        cookie.isSecure = usesSecureCookies
        context.cookiesToSet.append(cookie)
    }

    private func remember(userID: Int64, origin: Station, destination: Station, date: CivilDate, now: Int) throws {
        try database.write { db in
            try db.run(
                "DELETE FROM search_history WHERE user_id = ? AND from_station_id = ? AND to_station_id = ?",
                [userID, origin.id, destination.id])
            try db.run(
                """
                INSERT INTO search_history (user_id, from_station_id, to_station_id, searched_at, travel_date) VALUES (?, ?, ?, ?, ?)
                """, [userID, origin.id, destination.id, now, date.description])
            try db.run(
                """
                DELETE FROM search_history WHERE user_id = ? AND id NOT IN (
                    SELECT id FROM search_history WHERE user_id = ? ORDER BY searched_at DESC, id DESC LIMIT \(SearchHistory.limit))
                """, [userID, userID])
        }
    }

    /// The remembered searches, most recent first.
    func searches(request: Request, context: AppContext) throws -> [Search] {
        let timetable = railway.timetable
        if let user = context.user {
            return try database.read { db in
                try db.query(
                    """
                    SELECT from_station_id, to_station_id, travel_date FROM search_history WHERE user_id = ?
                    ORDER BY searched_at DESC, id DESC
                    """, [user.id]
                ).compactMap { row in
                    guard let origin = timetable.station(try row.int64("from_station_id")),
                        let destination = timetable.station(try row.int64("to_station_id"))
                    else { return nil }
                    return Search(origin: origin, destination: destination, date: try row.optionalString("travel_date").flatMap(CivilDate.init(iso:)))
                }
            }
        }
        return cookiePairs(request).compactMap { pair in
            let parts = pair.split(separator: "-")
            guard parts.count >= 2, let origin = timetable.stationsByTelecode[String(parts[0])],
                let destination = timetable.stationsByTelecode[String(parts[1])]
            else { return nil }
            return Search(origin: origin, destination: destination, date: parts.count == 3 ? SearchHistory.date(compact: parts[2]) : nil)
        }
    }

    /// Forgets every remembered search of this user or browser.
    func clear(context: inout AppContext) throws {
        if let user = context.user {
            _ = try database.write { try $0.run("DELETE FROM search_history WHERE user_id = ?", [user.id]) }
        }
        context.cookiesToSet.append(.expired(SearchHistory.cookieName))
    }

    /// The cookie's entries: `AAA-BBB` (kept before dates were) or `AAA-BBB-20261203`.
    private func cookiePairs(_ request: Request) -> [String] {
        (request.cookies[SearchHistory.cookieName] ?? "").split(separator: ".").prefix(SearchHistory.limit).map(String.init).filter { entry in
            let bytes = Array(entry.utf8)
            guard bytes.count == 7 || (bytes.count == 16 && bytes[7] == UInt8(ascii: "-") && bytes[8...].allSatisfy { $0 >= 48 && $0 <= 57 })
            else { return false }
            return bytes[..<7].allSatisfy { $0 == UInt8(ascii: "-") || ($0 >= 65 && $0 <= 90) }
        }
    }

    /// `20261203` → 2026-12-03.
    private static func date(compact: Substring) -> CivilDate? {
        guard compact.count == 8 else { return nil }
        let text = String(compact)
        return CivilDate(iso: String(text.prefix(4)) + "-" + String(text.dropFirst(4).prefix(2)) + "-" + String(text.suffix(2)))
    }
}
