import Storage

extension RunLeg {
    /// The run and stretch a ticket was sold for; throws `BookingError.runNotFound` when its run or
    /// train is gone from the timetable.
    static func of(_ ticket: Ticket, timetable: Timetable, in db: Database) throws -> RunLeg {
        guard let row = try db.queryOne("SELECT train_id, service_date, status FROM runs WHERE id = ?", [ticket.runID]),
            let train = timetable.train(id: try row.int64("train_id")),
            let serviceDate = CivilDate(iso: try row.string("service_date")),
            train.stops.indices.contains(ticket.fromSequence), train.stops.indices.contains(ticket.toSequence)
        else {
            throw BookingError.runNotFound
        }
        return RunLeg(
            runID: ticket.runID, train: train, serviceDate: serviceDate,
            isCancelled: try row.decode(RunStatus.self, "status") == .cancelled,
            originIndex: ticket.fromSequence, destinationIndex: ticket.toSequence)
    }

    /// The telecodes of the stretch's two ends.
    func telecodes(in timetable: Timetable) -> (from: String, to: String) {
        (
            timetable.station(train.stops[originIndex].stationID)?.telecode ?? "",
            timetable.station(train.stops[destinationIndex].stationID)?.telecode ?? ""
        )
    }
}
