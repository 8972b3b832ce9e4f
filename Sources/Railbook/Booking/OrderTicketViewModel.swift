/// One ticket as the order page, the e-ticket and the refund and change pages show it: train, date,
/// stations, seat, passenger, price and status; what came of the seat picked, the refund, the
/// change it came from or led to, and whether its run was cancelled or runs late.
struct OrderTicketViewModel: Encodable {
    let id: String
    let passenger: String
    /// The ticket type in words.
    let type: String
    /// The class in words.
    let `class`: String
    let classCode: String
    let coach: String
    let seat: String
    /// "05车 12A号" or "无座".
    let seatText: String
    let price: String
    let status: String
    let statusText: String
    let train: String
    let date: String
    let from: String
    let to: String
    let departs: String
    let arrives: String
    let isIssued: Bool
    let isStanding: Bool
    /// "您选的 F 座已被订完，已为您分配 06D。" when the seat or berth picked could not be given.
    let missedPick: String?
    /// The money given back, once refunded.
    let refunded: String?
    /// The refund fee, when one was kept.
    let refundFee: String?
    /// The change fee (改签费), when one was paid or kept.
    let changeFee: String?
    /// A fee was kept or paid: the closed ticket can be invoiced for it.
    let hasFees: Bool
    /// The ticket this one replaced (改签).
    let changedFrom: String?
    /// `G103 2026-05-02 09:00`: the trip of the ticket this one was changed to, and its id.
    let changedTo: String?
    let changedToID: String?
    let runCancelled: String?
    let delay: String?
    /// "预计 08:20 开车，10:16 到达（晚点 16 分钟）": the trip as it stands, when running data is known.
    let running: String?
    /// "已自动赔付 ¥15 (到站晚点 75 分钟)": the compensation paid for a late arrival.
    let compensation: String?
    /// The child under 6 travelling free with this passenger, and their masked document.
    let carriedChild: String?

    /// `ticket` with its run from `runs`; `replacement` is the ticket it was changed to, if any.
    init(
        _ ticket: Ticket, replacement: Ticket? = nil, carried: CarriedChild? = nil, runs: [Int64: TicketTrip], timetable: Timetable,
        text: TextLookup
    ) {
        carriedChild = carried.map {
            text("ticket_carried_child", $0.passengerName, text($0.certificateType.messageKey) + " " + Masking.certificate($0.certificateNumber))
        }
        let trip = runs[ticket.runID]
        let train = trip.flatMap { timetable.train(id: $0.trainID) }
        let stops = train?.stops ?? []
        let station = { (sequence: Int) in
            stops.indices.contains(sequence) ? timetable.station(stops[sequence].stationID)?.name(in: text.language) ?? "" : ""
        }
        id = String(ticket.id)
        passenger = ticket.passengerName
        type = text(ticket.ticketType.messageKey)
        self.class = text(ticket.seatClass.messageKey)
        classCode = ticket.seatClass.rawValue
        coach = ticket.coachText
        seat = ticket.seatCode
        seatText = ticket.seatText(text.messages, text.language)
        price = Money.format(ticket.priceFen)
        status = ticket.status.rawValue
        statusText = text(ticket.status.messageKey)
        self.train = train?.number ?? ""
        date = ChinaTime.date(at: ticket.departsAt).description
        from = station(ticket.fromSequence)
        to = station(ticket.toSequence)
        departs = ClockTime.format((ticket.departsAt + ChinaTime.offsetSeconds) / 60)
        arrives = ClockTime.format((ticket.arrivesAt + ChinaTime.offsetSeconds) / 60)
        isIssued = ticket.status == .issued
        isStanding = ticket.isStanding
        missedPick = Self.missedPick(ticket, text: text)
        refunded = ticket.refundedFen.map(Money.format)
        refundFee = ticket.refundFeeFen.flatMap { $0 > 0 ? Money.format($0) : nil }
        changeFee = ticket.changeFeeFen.flatMap { $0 > 0 ? Money.format($0) : nil }
        hasFees = ticket.feesFen > 0
        changedFrom = ticket.changedFromTicketID.map { String($0) }
        changedTo = replacement.map { Self.tripText($0, runs: runs, timetable: timetable) }
        changedToID = replacement.map { String($0.id) }
        if let trip, trip.isCancelled {
            runCancelled = text("order_run_cancelled")
            delay = nil
            running = nil
        } else {
            runCancelled = nil
            delay = trip.flatMap { $0.delayMinutes > 0 ? text("delay_minutes", String($0.delayMinutes)) : nil }
            running = trip?.running.flatMap { Self.runningText($0, ticket, text: text) }
        }
        compensation = trip?.compensations[ticket.id].map {
            text("order_ticket_compensation", Money.format($0.amountFen), String($0.minutesLate))
        }
    }

    /// The ticket's departure and arrival as they stand, with the delay on arrival; nil for a ticket
    /// no longer valid or a stretch the status does not have.
    private static func runningText(_ status: RunningStatus, _ ticket: Ticket, text: TextLookup) -> String? {
        guard [.held, .issued].contains(ticket.status), status.stops.indices.contains(ticket.fromSequence),
            status.stops.indices.contains(ticket.toSequence), let departs = status.stops[ticket.fromSequence].departure,
            let arrives = status.stops[ticket.toSequence].arrival
        else { return nil }
        return text(
            "order_ticket_running", ClockTime.format(departs), ClockTime.format(arrives),
            RunningStopViewModel.delayText(status.stops[ticket.toSequence].arrivalDelay ?? 0, text: text))
    }

    /// `G103 2026-05-02 09:00`: the train, day and time of a ticket.
    private static func tripText(_ ticket: Ticket, runs: [Int64: TicketTrip], timetable: Timetable) -> String {
        let train = runs[ticket.runID].flatMap { timetable.train(id: $0.trainID) }
        return "\(train?.number ?? "") \(ChinaTime.date(at: ticket.departsAt)) \(ClockTime.format((ticket.departsAt + ChinaTime.offsetSeconds) / 60))"
    }

    /// What the traveller is told when the seat or berth they picked could not be given.
    private static func missedPick(_ ticket: Ticket, text: TextLookup) -> String? {
        guard let code = ticket.seatPick, !ticket.isStanding else { return nil }
        let pick = SeatAllocator.Preference(code: code)
        guard pick != .none, !pick.isMet(byLetter: ticket.seatNumber.letter, in: ticket.seatClass) else { return nil }
        return text(
            "order_pick_missed", SeatPickText.name(pick, text.messages, text.language),
            ticket.seatNumber.text(text.messages, text.language))
    }
}
