import Mustache

/// The order page's values: status, time left to pay, each ticket with its seat, and the actions allowed.
struct OrderPageViewModel {
    let renderer: PageRenderer
    let context: AppContext
    let timetable: Timetable
    let runs: [Int64: TicketTrip]
    let now: Int

    func values(_ order: Order, _ tickets: [Ticket]) -> MustacheObject {
        let minutesLeft = ChinaMoment.minutesLeft(until: order.payDeadline, now: now)
        let payBy = ChinaMoment(order.payDeadline)
        let isUnpaid = order.status == .unpaid && order.payDeadline > now
        return [
            "number": .string(order.number),
            "status": .string(order.status.rawValue),
            "statusText": .string(text(order.status.messageKey)),
            "isUnpaid": .bool(isUnpaid),
            "isPaid": .bool(order.status == .paid),
            "timeLeft": .string(renderer.messages.text("order_time_left", context.language, count: minutesLeft)),
            "deadline": .string(payBy.text), "deadlineDatetime": .string(payBy.datetime),
            "tickets": .list(tickets.map { old in ticket(order, old, replacement: tickets.first { $0.changedFromTicketID == old.id }) }),
        ]
    }

    /// One ticket's values; `replacement` is the ticket it was changed to (改签), if any.
    func ticket(_ order: Order, _ ticket: Ticket, replacement: Ticket? = nil) -> MustacheValue {
        let trip = runs[ticket.runID]
        let train = trip.flatMap { timetable.train(id: $0.trainID) }
        let origin = train.flatMap { timetable.station($0.stops[ticket.fromSequence].stationID) }
        let destination = train.flatMap { timetable.station($0.stops[ticket.toSequence].stationID) }
        var values: MustacheObject = [
            "id": .string(String(ticket.id)),
            "passenger": .string(ticket.passengerName),
            "type": .string(text(ticket.ticketType.messageKey)),
            "class": .string(text(ticket.seatClass.messageKey)), "classCode": .string(ticket.seatClass.rawValue),
            "coach": .string(ticket.coachText),
            "seat": .string(ticket.seatCode),
            "seatText": .string(ticket.seatText(renderer.messages, context.language)),
            "price": .string(Money.format(ticket.priceFen)),
            "status": .string(ticket.status.rawValue),
            "statusText": .string(text(ticket.status.messageKey)),
            "train": .string(train?.number ?? ""),
            "date": .string(ChinaTime.date(at: ticket.departsAt).description),
            "from": .string(origin?.name(in: context.language) ?? ""), "to": .string(destination?.name(in: context.language) ?? ""),
            "departs": .string(ClockTime.format((ticket.departsAt + ChinaTime.offsetSeconds) / 60)),
            "arrives": .string(ClockTime.format((ticket.arrivesAt + ChinaTime.offsetSeconds) / 60)),
            "isIssued": .bool(ticket.status == .issued),
            "isStanding": .bool(ticket.isStanding),
        ]
        if let missed = missedPick(ticket) { values["missedPick"] = .string(missed) }
        if let refunded = ticket.refundedFen { values["refunded"] = .string(Money.format(refunded)) }
        if let fee = ticket.refundFeeFen, fee > 0 { values["refundFee"] = .string(Money.format(fee)) }
        if let original = ticket.changedFromTicketID { values["changedFrom"] = .string(String(original)) }
        if let replacement { values["changedTo"] = .string(tripText(replacement)); values["changedToID"] = .string(String(replacement.id)) }
        if let trip, trip.isCancelled {
            values["runCancelled"] = .string(text("order_run_cancelled"))
        } else if let trip, trip.delayMinutes > 0 {
            values["delay"] = .string(renderer.messages.text("delay_minutes", context.language, String(trip.delayMinutes)))
        }
        return .object(values)
    }

    /// `G103 2026-05-02 09:00`: the train, day and time of a ticket.
    private func tripText(_ ticket: Ticket) -> String {
        let train = runs[ticket.runID].flatMap { timetable.train(id: $0.trainID) }
        return "\(train?.number ?? "") \(ChinaTime.date(at: ticket.departsAt)) \(ClockTime.format((ticket.departsAt + ChinaTime.offsetSeconds) / 60))"
    }

    /// "您选的 F 座已被订完，已为您分配 06D。" when the seat or berth picked could not be given.
    private func missedPick(_ ticket: Ticket) -> String? {
        guard let code = ticket.seatPick, !ticket.isStanding else { return nil }
        let pick = SeatAllocator.Preference(code: code)
        guard pick != .none, !pick.isMet(byLetter: ticket.seatNumber.letter, in: ticket.seatClass) else { return nil }
        return renderer.messages.text("order_pick_missed", context.language,
                                      arguments: [SeatPickText.name(pick, renderer.messages, context.language),
                                                  ticket.seatNumber.text(renderer.messages, context.language)])
    }

    private func text(_ key: String) -> String { renderer.messages.text(key, context.language) }
}
