import Mustache

/// The waitlist page's values (`waitlist/new`): the trip and class, each saved passenger with a
/// checkbox and their fare, the other sold-out trips to wait for as well with their ranks, the
/// deadlines still possible, and the prepayment for the passengers ticked (the dearest trip ticked).
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

    /// Another sold-out trip to wait for as well, ticked or not, with its rank.
    struct AlternativeRow: Encodable {
        /// What the `also` box sends (`WaitlistRequest.Trip.code`).
        let code: String
        let date: String
        let train: String
        let classCode: String
        /// "12-11 G101 08:00 甲城 → 丙城 二等座 ¥276".
        let label: String
        let checked: Bool
        /// The rank typed, or its place in the list.
        let rank: String
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
    /// The other trips to wait for as well, and how many may be chosen.
    let alternatives: [AlternativeRow]
    let hasAlternatives: Bool
    let choiceLimit: String
    /// The prepayment for the passengers ticked: the fares of the dearest trip ticked.
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
        alternatives: [WaitlistAlternative] = [], deadlines deadlineRule: WaitlistDeadline, now: Int,
        isResubmission: Bool, canJoin: Bool, unpaid: UnpaidOrder?, problem: String?, timetable: Timetable, text: TextLookup
    ) {
        let origin = leg.train.stops[leg.originIndex], destination = leg.train.stops[leg.destinationIndex]
        let sale = SeatSale(timetable: timetable, leg: leg, seatClass: seatClass)
        let ticked = alternatives.filter { isResubmission && form.ticked.contains($0.trip.code) }
        var travelling: [SeatSale.Traveller] = []
        self.passengers = passengers.map { passenger in
            let isChosen = isResubmission ? form.chosen.contains(passenger.id) : passenger.isAccountHolder
            let choice = choices[passenger.id]
            let type = choice?.preferred ?? .adult
            let traveller = SeatSale.Traveller(passenger, ticketType: type, preference: .none)
            let price = sale.prices(of: [traveller])[0]
            if isChosen { travelling.append(traveller) }
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
        let total =
            ([sale] + ticked.map { SeatSale(timetable: timetable, leg: $0.leg, seatClass: $0.trip.seatClass) })
            .map { $0.prices(of: travelling).reduce(0, +) }.max() ?? 0
        self.total = Money.format(total)
        self.alternatives = alternatives.enumerated().map { index, alternative in
            let other = alternative.leg
            let label = [
                other.travelDate.description, other.train.number, ClockTime.format(other.train.stops[other.originIndex].departureOrArrival),
                (timetable.station(other.train.stops[other.originIndex].stationID)?.name(in: text.language) ?? "") + " → "
                    + (timetable.station(other.train.stops[other.destinationIndex].stationID)?.name(in: text.language) ?? ""),
                text(alternative.trip.seatClass.messageKey),
                Money.format(
                    Fares.price(
                        of: other.train, from: other.originIndex, to: other.destinationIndex, seatClass: alternative.trip.seatClass, in: timetable)),
            ].joined(separator: " ")
            let code = alternative.trip.code
            return AlternativeRow(
                code: code, date: other.travelDate.description, train: other.train.number, classCode: alternative.trip.seatClass.rawValue,
                label: label, checked: isResubmission && form.ticked.contains(code),
                rank: isResubmission ? form.ranks[code] ?? String(index + 2) : String(index + 2))
        }
        hasAlternatives = !self.alternatives.isEmpty
        choiceLimit = String(WaitlistChoice.limit)
        limit = String(Waitlist.passengerLimit)
        self.canJoin = canJoin
        self.unpaid = unpaid.map { UnpaidOrderViewModel($0, text: text) }
        self.problem = problem
    }
}
