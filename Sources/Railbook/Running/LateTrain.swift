import Storage

/// A ticket whose train is expected late enough at its boarding station to waive the fees: it may
/// be refunded without a fee, or changed without a fee to another train the same day, until the
/// train actually leaves (its expected departure, not the scheduled one). The second train of a
/// journey with one change booked together (`order_connections`) is waived the same way when the
/// first train is expected to arrive too late for the change, or is cancelled: a broken connection.
struct LateTrain: Sendable, Equatable {
    /// Minutes late expected at the boarding station (for a broken connection: the first train's
    /// minutes late on arrival).
    let minutes: Int
    /// When the train is now expected to leave the boarding station, Unix seconds.
    let expectedDepartsAt: Int
    /// For a broken connection, the first train's number.
    var missedFrom: String? = nil

    /// How lateness is read: the timetable and the running settings.
    struct Rules: Sendable {
        let timetable: Timetable
        let settings: RunningSettings

        /// The lateness of `ticket`'s train at its boarding station, when it reaches the free-change
        /// threshold and the run is not cancelled; nil otherwise.
        func lateness(of ticket: Ticket, in db: Database) throws -> LateTrain? {
            try ownTrain(of: ticket, in: db) ?? brokenConnection(of: ticket, in: db)
        }

        private func ownTrain(of ticket: Ticket, in db: Database) throws -> LateTrain? {
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

        /// When `ticket` is the second train of a journey booked together, and the same traveller's
        /// first train (still valid in the order) is cancelled or expected to arrive later than the
        /// change allows, the broken connection.
        private func brokenConnection(of ticket: Ticket, in db: Database) throws -> LateTrain? {
            guard
                let link = try db.queryOne(
                    "SELECT first_run_id, minimum_change_minutes FROM order_connections WHERE order_id = ? AND second_run_id = ?",
                    [ticket.orderID, ticket.runID]),
                let first = try db.query(
                    Ticket.self,
                    """
                    SELECT \(Ticket.columns) FROM tickets WHERE order_id = ? AND run_id = ? AND certificate_type = ? AND certificate_number = ?
                      AND status IN (?, ?)
                    """,
                    [
                        ticket.orderID, try link.int64("first_run_id"), ticket.certificateType.rawValue, ticket.certificateNumber,
                        Ticket.Status.held, Ticket.Status.issued,
                    ]
                ).first,
                let run = try db.queryOne("SELECT train_id, delay_minutes, status FROM runs WHERE id = ?", [first.runID]),
                let train = timetable.train(id: try run.int64("train_id")), train.stops.indices.contains(first.toSequence)
            else { return nil }
            if try run.decode(RunStatus.self, "status") == .cancelled {
                return LateTrain(minutes: 0, expectedDepartsAt: ticket.departsAt, missedFrom: train.number)
            }
            let status = RunningStatus(
                train: train, runDelay: try run.int("delay_minutes"), reports: try RunningTimes.reports(ofRun: first.runID, in: db),
                recoveryPerStop: settings.recoveryMinutesPerStop)
            let late = status.stops[first.toSequence].arrivalDelay ?? 0
            guard first.arrivesAt + late * 60 + (try link.int("minimum_change_minutes")) * 60 > ticket.departsAt else { return nil }
            return LateTrain(minutes: late, expectedDepartsAt: ticket.departsAt, missedFrom: train.number)
        }
    }
}

extension LateTrain {
    /// What the refund and change pages say: the train's delay, or the connection it breaks.
    func notice(_ text: TextLookup) -> String {
        guard let missedFrom else { return text("late_train_free", String(minutes)) }
        return minutes > 0 ? text("late_connection_free", missedFrom, String(minutes)) : text("late_connection_cancelled", missedFrom)
    }
}

extension Railway {
    /// How lateness waives refund and change fees on this site.
    var lateRules: LateTrain.Rules { LateTrain.Rules(timetable: timetable, settings: running) }
}
