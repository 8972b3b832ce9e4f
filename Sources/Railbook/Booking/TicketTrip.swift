import Storage

/// The train and service date of the runs tickets are on, for showing them: the run's state, its
/// times as they stand (when asked for, with the timetable and the running settings) and the delay
/// compensation paid for the tickets.
struct TicketTrip: Sendable {
    let trainID: Int64
    let serviceDate: CivilDate
    let delayMinutes: Int
    let isCancelled: Bool
    /// The run's times at each stop as they stand, when something is known beyond the timetable.
    var running: RunningStatus? = nil
    /// The compensation paid for each of the tickets on this run that was paid some.
    var compensations: [Int64: DelayCompensation.Paid] = [:]

    /// The runs of `tickets`, by run id; with `timetable` and `running`, each with its times as they stand.
    static func runs(of tickets: [Ticket], timetable: Timetable? = nil, running: RunningSettings? = nil, in db: Database) throws -> [Int64:
        TicketTrip]
    {
        var trips: [Int64: TicketTrip] = [:]
        for runID in Set(tickets.map(\.runID)) {
            guard let row = try db.queryOne("SELECT train_id, service_date, delay_minutes, status FROM runs WHERE id = ?", [runID]),
                let date = CivilDate(iso: try row.string("service_date"))
            else { continue }
            var trip = TicketTrip(
                trainID: try row.int64("train_id"), serviceDate: date, delayMinutes: try row.int("delay_minutes"),
                isCancelled: try row.decode(RunStatus.self, "status") == .cancelled)
            if let running, let train = timetable?.train(id: trip.trainID) {
                let status = RunningStatus(
                    train: train, runDelay: trip.delayMinutes, reports: try RunningTimes.reports(ofRun: runID, in: db),
                    recoveryPerStop: running.recoveryMinutesPerStop)
                trip.running = status.isKnown ? status : nil
            }
            trip.compensations = try DelayCompensation.paid(ticketIDs: tickets.filter { $0.runID == runID }.map(\.id), in: db)
            trips[runID] = trip
        }
        return trips
    }
}
