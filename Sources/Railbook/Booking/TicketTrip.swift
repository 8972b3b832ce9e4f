import Storage

/// The train and service date of the runs tickets are on, for showing them.
struct TicketTrip: Sendable {
    let trainID: Int64
    let serviceDate: CivilDate
    let delayMinutes: Int
    let isCancelled: Bool

    /// The runs of `tickets`, by run id.
    static func runs(of tickets: [Ticket], in db: Database) throws -> [Int64: TicketTrip] {
        var trips: [Int64: TicketTrip] = [:]
        for runID in Set(tickets.map(\.runID)) {
            guard let row = try db.queryOne("SELECT train_id, service_date, delay_minutes, status FROM runs WHERE id = ?", [runID]),
                let date = CivilDate(iso: try row.string("service_date"))
            else { continue }
            trips[runID] = TicketTrip(
                trainID: try row.int64("train_id"), serviceDate: date, delayMinutes: try row.int("delay_minutes"),
                isCancelled: try row.decode(RunStatus.self, "status") == .cancelled)
        }
        return trips
    }
}
