import Storage

/// One of the user's tickets as the checkout offers it for delivery to its seat, with the reason
/// it cannot be chosen when it cannot. A standing ticket (无座) has no seat: its passenger names the
/// coach they stand in, one of the coaches of the class whose fare standing pays (`standingCoaches`).
///
/// Which seats a shop reaches: a catering shop those on its own train's runs, a station shop those
/// on trains calling at its station while the passenger is aboard there (boarding there counts,
/// leaving the train there does not); a specialty shop none. Orders close `cutoff` seconds before
/// the train reaches the supplying station: a station shop's own station, and for catering the
/// train's first stop, where the dining car is stocked (so 2 h before the run leaves its origin).
struct SeatDelivery: Sendable {
    /// Why a ticket cannot take a delivery.
    enum Refusal: String, Error, Sendable {
        /// Not paid yet (its order is waiting for payment).
        case notPaid = "not_paid"
        /// The shop does not serve the ticket's train (or the stretch the passenger rides).
        case trainNotServed = "train_not_served"
        /// Less than `cutoff` before the train reaches the supplying station.
        case tooLate = "too_late"
        /// The run is cancelled.
        case runCancelled = "run_cancelled"

        /// The message-catalog key of the reason.
        var messageKey: String {
            switch self {
            case .notPaid: "checkout_refusal_not_paid"
            case .trainNotServed: "checkout_refusal_train_not_served"
            case .tooLate: "checkout_refusal_too_late"
            case .runCancelled: "checkout_refusal_run_cancelled"
            }
        }
    }

    /// Orders close this long before the train reaches the supplying station.
    static let cutoff = 2 * 3600

    let ticket: Ticket
    let trainNumber: String
    let travelDate: CivilDate
    /// When orders for this seat close (nil when the shop does not serve the train).
    let closesAt: Int?
    let refusal: Refusal?
    /// For a standing ticket, the coaches its passenger may stand in (and have the order brought
    /// to), in order; empty for a seat.
    let standingCoaches: [Int]

    /// Whether the seat can take the delivery now.
    var isEligible: Bool { refusal == nil }

    /// The user's tickets that have not reached their destination yet (held or issued), by
    /// departure, each judged for `shop` at `now`.
    static func options(for shop: Shop, userID: Int64, now: Int, timetable: Timetable, in db: Database) throws -> [SeatDelivery] {
        try db.query(
            """
            SELECT \(Ticket.columns.prefixed("t.")), r.train_id AS run_train_id, r.service_date, r.status AS run_status
            FROM tickets t JOIN orders o ON o.id = t.order_id JOIN runs r ON r.id = t.run_id
            WHERE o.user_id = ? AND t.status IN (?, ?) AND t.arrives_at > ?
            ORDER BY t.departs_at, t.id
            """, [userID, Ticket.Status.held, Ticket.Status.issued, now]
        ).compactMap { row in
            guard let train = timetable.train(id: try row.int64("run_train_id")),
                let serviceDate = CivilDate(iso: try row.string("service_date"))
            else { return nil }
            return judge(
                try Ticket(row: row), train: train, serviceDate: serviceDate,
                runCancelled: try row.decode(RunStatus.self, "run_status") == .cancelled, shop: shop, now: now)
        }
    }

    /// The user's ticket `ticketID` judged for `shop`, or nil when it is not one of theirs still to travel.
    static func option(ticketID: Int64, for shop: Shop, userID: Int64, now: Int, timetable: Timetable, in db: Database) throws -> SeatDelivery? {
        try options(for: shop, userID: userID, now: now, timetable: timetable, in: db).first { $0.ticket.id == ticketID }
    }

    /// When `shop` supplies `train`'s run of `serviceDate` for a passenger riding stops `from`..<`to`; nil when it does not.
    static func supplyTime(_ shop: Shop, train: Train, serviceDate: CivilDate, from: Int, to: Int) -> Int? {
        switch shop.kind {
        case .catering:
            guard shop.trainID == train.id, let first = train.stops.first else { return nil }
            return RunLeg.unixTime(serviceDate, minute: first.departureOrArrival)
        case .station:
            guard let stationID = shop.stationID, let index = train.stopIndex(of: stationID), from <= index, index < to else { return nil }
            return RunLeg.unixTime(serviceDate, minute: train.stops[index].arrivalOrDeparture)
        case .specialty:
            return nil
        }
    }

    private static func judge(_ ticket: Ticket, train: Train, serviceDate: CivilDate, runCancelled: Bool, shop: Shop, now: Int) -> SeatDelivery {
        let supplied = supplyTime(shop, train: train, serviceDate: serviceDate, from: ticket.fromSequence, to: ticket.toSequence)
        let closesAt = supplied.map { $0 - cutoff }
        let refusal: Refusal?
        if closesAt == nil {
            refusal = .trainNotServed
        } else if runCancelled {
            refusal = .runCancelled
        } else if ticket.status != .issued {
            refusal = .notPaid
        } else if let closesAt, now >= closesAt {
            refusal = .tooLate
        } else {
            refusal = nil
        }
        let travelDate = serviceDate.adding(days: train.stops[min(ticket.fromSequence, train.stops.count - 1)].departureOrArrival / 1440)
        let standingCoaches = ticket.isStanding ? train.coaches.filter { $0.seatClass == train.standingFareClass }.map(\.number).sorted() : []
        return SeatDelivery(
            ticket: ticket, trainNumber: train.number, travelDate: travelDate, closesAt: closesAt, refusal: refusal,
            standingCoaches: standingCoaches)
    }
}
