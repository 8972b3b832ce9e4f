import Mustache

/// The waitlist page's values (`waitlist/new`): the trip and class, each saved passenger with a
/// checkbox and their fare, the deadlines still possible, and the prepayment for the passengers ticked.
struct WaitlistFormViewModel: Encodable {
    /// One saved passenger, ticked or not, with the fare they would prepay.
    struct PassengerRow: Encodable {
        let id: String
        let name: String
        let checked: Bool
        /// The certificate's type and masked number.
        let certificate: String
        /// The ticket type they travel on.
        let type: String
        /// Why their saved ticket type does not hold on this trip, if it does not.
        let rule: String?
        let price: String
    }

    /// One deadline to choose: hours before departure.
    struct DeadlineChoice: Encodable {
        let value: String
        let label: String
        let checked: Bool
        /// The deadline's moment, China time.
        let deadline: String
    }

    /// The train number.
    let train: String
    /// The train type's name.
    let type: String
    let date: String
    let from: String
    let to: String
    let departs: String
    let arrives: String
    /// The seat class's name.
    let seatClass: String
    let classCode: String
    /// The run's id, for the form.
    let run: String
    let fromCode: String
    let toCode: String
    let passengers: [PassengerRow]
    let deadlines: [DeadlineChoice]
    /// The prepayment for the passengers ticked.
    let total: String
    /// How many passengers one waitlist takes.
    let limit: String
    /// False when the trip itself cannot be waited for (the form then only explains why).
    let canJoin: Bool
    /// The alert about an order of the user's waiting for payment, which stops them from joining
    /// (`booking/_unpaid`); nil when there is none.
    let unpaid: UnpaidOrderViewModel?
    /// Why the waitlist was not joined, or why the trip cannot be waited for.
    let problem: String?

    /// The form for `seatClass` on `leg` as `form` sent it (or first shown), with the user's saved
    /// `passengers` and the ticket types each may use (`choices`; they travel on `preferred`).
    /// `isResubmission` keeps the user's choices instead of the defaults.
    init(
        leg: RunLeg, seatClass: SeatClass, form: WaitlistForm, passengers: [Passenger], choices: [Int64: TicketRules.Choice],
        deadlines deadlineRule: WaitlistDeadline, now: Int,
        isResubmission: Bool, canJoin: Bool, unpaid: UnpaidOrder?, problem: String?, timetable: Timetable, text: TextLookup
    ) {
        let origin = leg.train.stops[leg.originIndex], destination = leg.train.stops[leg.destinationIndex]
        let sale = SeatSale(timetable: timetable, leg: leg, seatClass: seatClass)
        var total = 0
        self.passengers = passengers.map { passenger in
            let isChosen = isResubmission ? form.chosen.contains(passenger.id) : passenger.isAccountHolder
            let choice = choices[passenger.id]
            let type = choice?.preferred ?? .adult
            let price = sale.prices(of: [SeatSale.Traveller(passenger, ticketType: type, preference: .none)])[0]
            if isChosen { total += price }
            return PassengerRow(
                id: String(passenger.id), name: passenger.name, checked: isChosen,
                certificate: text(passenger.certificateType.messageKey) + " " + Masking.certificate(passenger.certificateNumber),
                type: text(type.messageKey), rule: choice?.savedTypeRefusal?.fallbackText(text.messages, text.language),
                price: Money.format(price))
        }
        let chosen = form.minutesBeforeDeparture ?? deadlineRule.closeMinutes
        deadlines = deadlineRule.available(departsAt: leg.departsAt, now: now).map { choice in
            let when = WaitlistViewModel.dateTime(choice.deadline)
            let label =
                choice.minutes == deadlineRule.closeMinutes
                ? text("waitlist_deadline_latest", count: choice.minutes, String(choice.minutes), when)
                : text("waitlist_deadline_hours", count: choice.minutes / 60, String(choice.minutes / 60), when)
            return DeadlineChoice(value: String(choice.minutes), label: label, checked: choice.minutes == chosen, deadline: when)
        }
        train = leg.train.number
        type = text(leg.train.type.messageKey)
        date = leg.travelDate.description
        from = timetable.station(origin.stationID)?.name(in: text.language) ?? ""
        to = timetable.station(destination.stationID)?.name(in: text.language) ?? ""
        departs = ClockTime.format(origin.departureOrArrival)
        arrives = ClockTime.format(destination.arrivalOrDeparture)
        self.seatClass = text(seatClass.messageKey)
        classCode = seatClass.rawValue
        run = String(leg.runID)
        fromCode = form.fromCode
        toCode = form.toCode
        self.total = Money.format(total)
        limit = String(Waitlist.passengerLimit)
        self.canJoin = canJoin
        self.unpaid = unpaid.map { UnpaidOrderViewModel($0, text: text) }
        self.problem = problem
    }
}
