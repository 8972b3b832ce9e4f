import Mustache

/// One waitlist as the list and its own page show it: trip, class, status, queue position,
/// deadline, prepayment and refund, the order it became, and what the user may still do.
struct WaitlistViewModel {
    /// What the page knows about one waitlist besides the row itself.
    struct Details {
        let waitlist: Waitlist
        let trainID: Int64?
        let position: Int?
        let passengers: [WaitlistPassenger]
        let refundedFen: Int
        let orderNumber: String?
    }

    let renderer: PageRenderer
    let context: AppContext
    let timetable: Timetable
    /// How long an unpaid waitlist waits for its prepayment: its pay-by time follows.
    let holdSeconds: Int

    func value(_ details: Details) -> MustacheValue {
        let waitlist = details.waitlist
        let train = details.trainID.flatMap { timetable.train(id: $0) }
        let origin = train.flatMap { $0.stops.indices.contains(waitlist.fromSequence) ? timetable.station($0.stops[waitlist.fromSequence].stationID) : nil }
        let destination = train.flatMap { $0.stops.indices.contains(waitlist.toSequence) ? timetable.station($0.stops[waitlist.toSequence].stationID) : nil }
        let isOpen = waitlist.status == .awaitingPayment || waitlist.status == .waiting
        var values: MustacheObject = [
            "number": .string(waitlist.number), "href": .string("/waitlist/" + waitlist.number),
            "status": .string(waitlist.status.rawValue), "statusText": .string(text(WaitlistViewModel.statusKey(waitlist))),
            "reason": waitlist.closedReason.map { .string($0.rawValue) } ?? .null,
            "train": .string(train?.number ?? ""), "date": .string(ChinaTime.date(at: waitlist.departsAt).description),
            "from": .string(origin?.name(in: context.language) ?? ""), "to": .string(destination?.name(in: context.language) ?? ""),
            "departs": .string(WaitlistViewModel.clock(waitlist.departsAt)), "arrives": .string(WaitlistViewModel.clock(waitlist.arrivesAt)),
            "class": .string(text(waitlist.seatClass.messageKey)), "classCode": .string(waitlist.seatClass.rawValue),
            "deadline": .string(WaitlistViewModel.dateTime(waitlist.deadline)),
            "amount": .string(Money.format(waitlist.amountFen)),
            "passengerNames": .string(details.passengers.map(\.traveller.name).joined(separator: "、")),
            "passengers": .list(details.passengers.map { passenger in
                .object(["name": .string(passenger.traveller.name), "type": .string(text(passenger.traveller.ticketType.messageKey)),
                         "price": .string(Money.format(passenger.priceFen))])
            }),
            "isAwaitingPayment": .bool(waitlist.status == .awaitingPayment),
            "canCancel": .bool(isOpen),
        ]
        if waitlist.status == .awaitingPayment {
            let payBy = ChinaMoment(waitlist.payBy(holdSeconds: holdSeconds))
            values["payBy"] = .string(payBy.text)
            values["payByDatetime"] = .string(payBy.datetime)
        }
        if let position = details.position {
            values["position"] = .string(String(position))
            values["positionText"] = .string(renderer.messages.text("waitlist_position", context.language, String(position)))
        }
        if details.refundedFen > 0 { values["refunded"] = .string(Money.format(details.refundedFen)) }
        if let number = details.orderNumber {
            values["orderNumber"] = .string(number)
            values["orderHref"] = .string("/orders/" + number)
        }
        return .object(values)
    }

    /// The catalog key of the waitlist's status, naming the real reason of a refund.
    static func statusKey(_ waitlist: Waitlist) -> String {
        switch (waitlist.status, waitlist.closedReason) {
        case (.awaitingPayment, _): "waitlist_status_awaiting_payment"
        case (.waiting, _): "waitlist_status_waiting"
        case (.fulfilled, _): "waitlist_status_fulfilled"
        case (.refunded, .runCancelled): "waitlist_status_refunded_run_cancelled"
        case (.refunded, .ticketType): "waitlist_status_refunded_ticket_type"
        case (.refunded, nil): "waitlist_status_refunded"
        case (.cancelled, _): "waitlist_status_cancelled"
        }
    }

    /// `2026-12-02 06:00` in China time.
    static func dateTime(_ seconds: Int) -> String {
        ChinaTime.date(at: seconds).description + " " + clock(seconds)
    }

    /// `06:00` in China time.
    static func clock(_ seconds: Int) -> String {
        ClockTime.format((seconds + ChinaTime.offsetSeconds) / 60)
    }

    private func text(_ key: String) -> String { renderer.messages.text(key, context.language) }
}
