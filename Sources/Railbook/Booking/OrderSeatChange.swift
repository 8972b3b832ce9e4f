import Storage

/// An order booked as a same-train seat change (`order_seat_changes`, `SeatChangePlan`): its train,
/// the stops where the party moves seats, and each ticket's place among its passenger's legs.
struct OrderSeatChange: Sendable {
    let train: String
    /// The stations where the seats change, in order.
    let changeStationIDs: [Int64]
    /// The tickets of the order on the run, in the order they were sold (passenger by passenger,
    /// leg after leg).
    let tickets: [Ticket]

    /// The seat change of order `orderID` (whose tickets are `known` when the caller read them
    /// already), or nil for an order booked otherwise.
    static func of(orderID: Int64, tickets known: [Ticket]? = nil, timetable: Timetable, in db: Database) throws -> OrderSeatChange? {
        guard let row = try db.queryOne("SELECT run_id FROM order_seat_changes WHERE order_id = ?", [orderID]) else { return nil }
        let runID = try row.int64("run_id")
        guard let run = try db.queryOne("SELECT train_id FROM runs WHERE id = ?", [runID]),
            let train = timetable.train(id: try run.int64("train_id"))
        else { return nil }
        let tickets = try (known ?? Ticket.all(orderID: orderID, in: db)).filter { $0.runID == runID }
        let starts = Set(tickets.map(\.fromSequence)).sorted().dropFirst().filter { train.stops.indices.contains($0) }
        return OrderSeatChange(train: train.number, changeStationIDs: starts.map { train.stops[$0].stationID }, tickets: tickets)
    }

    /// True when `ticket` is a leg of a same-train seat change (its destination cannot be changed:
    /// the next leg starts there).
    static func holds(_ ticket: Ticket, in db: Database) throws -> Bool {
        try db.queryOne("SELECT 1 AS one FROM order_seat_changes WHERE order_id = ? AND run_id = ?", [ticket.orderID, ticket.runID]) != nil
    }

    /// The legs `ticket`'s passenger travels on, `ticket` among them, in route order: a leg changed
    /// to another class on the same train is its new ticket (the old one is left out, unless it is `ticket`).
    func legs(of ticket: Ticket) -> [Ticket] {
        let replaced = Set(tickets.compactMap(\.changedFromTicketID))
        return tickets.filter {
            $0.certificateType == ticket.certificateType && $0.certificateNumber == ticket.certificateNumber
                && (!replaced.contains($0.id) || $0.id == ticket.id)
        }
        .sorted { ($0.fromSequence, $0.id) < ($1.fromSequence, $1.id) }
    }

    /// "同车换座：G1 次，在 南京南 换座".
    func text(_ text: TextLookup, timetable: Timetable) -> String {
        let stations = changeStationIDs.map { timetable.station($0)?.name(in: text.language) ?? "" }
        return text("order_seat_change", train, text("seat_change_stations", stations.joined(separator: text("seat_change_separator"))))
    }
}
