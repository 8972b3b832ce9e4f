import Storage

/// A ticket whose train is expected late enough at its boarding station to waive the fees: it may
/// be refunded without a fee, or changed without a fee to another train the same day, until the
/// train actually leaves (its expected departure, not the scheduled one).
struct LateTrain: Sendable, Equatable {
    /// Minutes late expected at the boarding station.
    let minutes: Int
    /// When the train is now expected to leave the boarding station, Unix seconds.
    let expectedDepartsAt: Int

    /// How lateness is read: the timetable and the running settings.
    struct Rules: Sendable {
        let timetable: Timetable
        let settings: RunningSettings

        /// The lateness of `ticket`'s train at its boarding station, when it reaches the free-change
        /// threshold and the run is not cancelled; nil otherwise.
        func lateness(of ticket: Ticket, in db: Database) throws -> LateTrain? {
            guard
                let run = try db.queryOne("SELECT train_id, delay_minutes, status FROM runs WHERE id = ?", [ticket.runID]),
                try run.decode(RunStatus.self, "status") == .scheduled, let train = timetable.train(id: try run.int64("train_id")),
                train.stops.indices.contains(ticket.fromSequence)
            else { return nil }
            let status = RunningStatus(
                train: train, runDelay: try run.int("delay_minutes"), reports: try RunningTimes.reports(ofRun: ticket.runID, in: db),
                recoveryPerStop: settings.recoveryMinutesPerStop)
            let boarding = status.stops[ticket.fromSequence]
            guard let delay = boarding.departureDelay, delay >= settings.freeChangeMinutes else { return nil }
            return LateTrain(minutes: delay, expectedDepartsAt: ticket.departsAt + delay * 60)
        }
    }
}

extension Railway {
    /// How lateness waives refund and change fees on this site.
    var lateRules: LateTrain.Rules { LateTrain.Rules(timetable: timetable, settings: running) }
}
