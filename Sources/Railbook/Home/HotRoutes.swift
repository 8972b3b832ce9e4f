import Storage

/// The routes travellers booked most in recent days (热门线路): station pairs counted by the tickets
/// of orders made in the last week that were not abandoned, topped up with well-known routes of the
/// network while there have been few sales (a new site, the demo).
struct HotRoutes {
    /// One route: where from and to, and how many tickets were booked on it recently (0 for a suggested one).
    struct Route: Sendable, Equatable {
        let originID: Int64
        let destinationID: Int64
        let tickets: Int
    }

    /// How far back sales count.
    static let days = 7
    /// Routes the home page shows.
    static let limit = 6
    /// Well-known routes (telecodes), offered while sales name fewer than `limit`: 北京南→上海虹桥,
    /// 广州南→深圳北, 上海虹桥→杭州东, 北京南→天津, 成都东→重庆北, 上海虹桥→南京南, 北京西→西安北.
    static let suggested = [("VNP", "AOH"), ("IZQ", "IOQ"), ("AOH", "HGH"), ("VNP", "TJP"), ("ICW", "CUW"), ("AOH", "NKH"), ("BXP", "EAY")]

    let timetable: Timetable

    /// The most booked routes of the `days` before `now` (Unix seconds), most tickets first, then
    /// the suggested routes whose stations the network has, up to `limit` in all.
    func routes(now: Int, in db: Database) throws -> [Route] {
        let booked = try db.query(
            """
            SELECT o.station_id AS origin_id, d.station_id AS destination_id, COUNT(*) AS tickets
            FROM tickets t
            JOIN orders ord ON ord.id = t.order_id
            JOIN runs r ON r.id = t.run_id
            JOIN stops o ON o.train_id = r.train_id AND o.sequence = t.from_sequence
            JOIN stops d ON d.train_id = r.train_id AND d.sequence = t.to_sequence
            WHERE ord.created_at >= ? AND ord.status IN (?, ?, ?)
            GROUP BY o.station_id, d.station_id
            ORDER BY COUNT(*) DESC, o.station_id, d.station_id
            LIMIT ?
            """, [now - Self.days * 86_400, Order.Status.unpaid, Order.Status.paid, Order.Status.refunded, Self.limit]
        ).map {
            Route(originID: try $0.int64("origin_id"), destinationID: try $0.int64("destination_id"), tickets: try $0.int("tickets"))
        }
        var routes = booked
        for (from, to) in Self.suggested where routes.count < Self.limit {
            guard let origin = timetable.stationsByTelecode[from], let destination = timetable.stationsByTelecode[to],
                !routes.contains(where: { $0.originID == origin.id && $0.destinationID == destination.id })
            else { continue }
            routes.append(Route(originID: origin.id, destinationID: destination.id, tickets: 0))
        }
        return routes
    }
}
