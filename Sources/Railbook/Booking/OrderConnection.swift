import Storage

/// A journey with one change booked together in one order (`order_connections`): the two trains,
/// where the first arrives, and the minutes the change needs.
struct OrderConnection: Sendable, Equatable {
    let firstTrain: String
    let changeStationID: Int64
    let secondTrain: String
    let minimumMinutes: Int

    /// The journey of order `orderID`, or nil for an order of one train.
    static func of(orderID: Int64, timetable: Timetable, in db: Database) throws -> OrderConnection? {
        guard
            let row = try db.queryOne(
                """
                SELECT f.train_id AS first_train, s.train_id AS second_train, c.minimum_change_minutes,
                       (SELECT t.to_sequence FROM tickets t WHERE t.order_id = c.order_id AND t.run_id = c.first_run_id LIMIT 1) AS change_stop
                FROM order_connections c JOIN runs f ON f.id = c.first_run_id JOIN runs s ON s.id = c.second_run_id
                WHERE c.order_id = ?
                """, [orderID]),
            let first = timetable.train(id: try row.int64("first_train")), let second = timetable.train(id: try row.int64("second_train")),
            let stop = try row.optionalInt("change_stop"), first.stops.indices.contains(stop)
        else { return nil }
        return OrderConnection(
            firstTrain: first.number, changeStationID: first.stops[stop].stationID, secondTrain: second.number,
            minimumMinutes: try row.int("minimum_change_minutes"))
    }

    /// "联程：G1 次到 中城 后换乘 G2 次（至少 20 分钟）".
    func text(_ text: TextLookup, timetable: Timetable) -> String {
        text(
            "order_connection", firstTrain, timetable.station(changeStationID)?.name(in: text.language) ?? "", secondTrain,
            String(minimumMinutes))
    }
}
