/// One waitlist as the list and its own page show it: trip, class, status, queue position,
/// deadline, prepayment and refund, the order it became, and what the user may still do.
struct WaitlistViewModel: Encodable {
    /// What the page knows about one waitlist besides the row itself.
    struct Details {
        let waitlist: Waitlist
        let trainID: Int64?
        let position: Int?
        let passengers: [WaitlistPassenger]
        let refundedFen: Int
        let orderNumber: String?
        /// Its choices, best ranked first, each with its run's train.
        var choices: [(choice: WaitlistChoice, trainID: Int64?)] = []
    }

    /// One train, date and class the waitlist covers, in rank order.
    struct ChoiceRow: Encodable {
        let rank: String
        let train: String
        let date: String
        let classCode: String
        /// "G101 2026-12-11 08:00 甲城 → 丙城 二等座".
        let label: String
        /// The choice the waitlist was served on.
        let served: Bool
    }

    /// One passenger of the waitlist, with the fare prepaid for them.
    struct PassengerRow: Encodable {
        let name: String
        /// The ticket type's name.
        let type: String
        let price: String
    }

    let number: String
    let href: String
    /// The status's raw value (`data-status`).
    let status: String
    let statusText: String
    /// Why a closed waitlist was closed (`data-reason`), if it says.
    let reason: String?
    let train: String
    /// The departure day, China time.
    let date: String
    let from: String
    let to: String
    let departs: String
    let arrives: String
    /// The seat class's name.
    let `class`: String
    let classCode: String
    let deadline: String
    let amount: String
    /// The passengers' names, joined.
    let passengerNames: String
    let passengers: [PassengerRow]
    let isAwaitingPayment: Bool
    let canCancel: Bool
    /// When the prepayment is due, while it is awaited (as people read it, and for `<time datetime>`).
    let payBy: String?
    let payByDatetime: String?
    /// The place in the queue, as text (`data-position`), while it has one.
    let position: String?
    let positionText: String?
    /// The prepayment refunded, if any was.
    let refunded: String?
    /// The order the waitlist became, once served.
    let orderNumber: String?
    let orderHref: String?
    /// The trains, dates and classes it covers, when more than one.
    let choices: [ChoiceRow]
    let hasChoices: Bool

    /// The waitlist of `details`; an unpaid one waits `holdSeconds` for its prepayment.
    init(_ details: Details, timetable: Timetable, holdSeconds: Int, text: TextLookup) {
        let waitlist = details.waitlist
        let train = details.trainID.flatMap { timetable.train(id: $0) }
        let stop = { (sequence: Int) in
            train.flatMap { $0.stops.indices.contains(sequence) ? timetable.station($0.stops[sequence].stationID) : nil }
        }
        number = waitlist.number
        href = "/waitlist/" + waitlist.number
        status = waitlist.status.rawValue
        statusText = text(Self.statusKey(waitlist))
        reason = waitlist.closedReason?.rawValue
        self.train = train?.number ?? ""
        date = ChinaTime.date(at: waitlist.departsAt).description
        from = stop(waitlist.fromSequence)?.name(in: text.language) ?? ""
        to = stop(waitlist.toSequence)?.name(in: text.language) ?? ""
        departs = Self.clock(waitlist.departsAt)
        arrives = Self.clock(waitlist.arrivesAt)
        `class` = text(waitlist.seatClass.messageKey)
        classCode = waitlist.seatClass.rawValue
        deadline = Self.dateTime(waitlist.deadline)
        amount = Money.format(waitlist.amountFen)
        passengerNames = details.passengers.map(\.traveller.name).joined(separator: "、")
        passengers = details.passengers.map {
            PassengerRow(name: $0.traveller.name, type: text($0.traveller.ticketType.messageKey), price: Money.format($0.priceFen))
        }
        isAwaitingPayment = waitlist.status == .awaitingPayment
        canCancel = waitlist.status == .awaitingPayment || waitlist.status == .waiting
        let payBy = isAwaitingPayment ? ChinaMoment(waitlist.payBy(holdSeconds: holdSeconds)) : nil
        self.payBy = payBy?.text
        payByDatetime = payBy?.datetime
        position = details.position.map { String($0) }
        positionText = details.position.map { text("waitlist_position", String($0)) }
        refunded = details.refundedFen > 0 ? Money.format(details.refundedFen) : nil
        orderNumber = details.orderNumber
        orderHref = details.orderNumber.map { "/orders/" + $0 }
        choices =
            details.choices.count < 2
            ? []
            : details.choices.map { choice, trainID in
                let train = trainID.flatMap { timetable.train(id: $0) }
                let name = { (sequence: Int) in
                    train.flatMap { $0.stops.indices.contains(sequence) ? timetable.station($0.stops[sequence].stationID) : nil }?
                        .name(in: text.language) ?? ""
                }
                let date = ChinaTime.date(at: choice.departsAt).description
                return ChoiceRow(
                    rank: String(choice.rank), train: train?.number ?? "", date: date, classCode: choice.seatClass.rawValue,
                    label: [
                        train?.number ?? "", date, Self.clock(choice.departsAt), name(choice.fromSequence) + " → " + name(choice.toSequence),
                        text(choice.seatClass.messageKey),
                    ].joined(separator: " "),
                    served: waitlist.status == .fulfilled && choice.runID == waitlist.runID && choice.seatClass == waitlist.seatClass)
            }
        hasChoices = !choices.isEmpty
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
}
