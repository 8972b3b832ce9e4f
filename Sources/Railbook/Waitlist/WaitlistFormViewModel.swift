import Mustache

/// The waitlist page's values: the trip and class, each saved passenger with a checkbox and their
/// fare, the deadlines still possible, and the prepayment for the passengers ticked.
struct WaitlistFormViewModel: MustacheRenderable {
    let renderer: PageRenderer
    let context: AppContext
    let timetable: Timetable
    let leg: RunLeg
    let seatClass: SeatClass
    let form: WaitlistForm
    let passengers: [Passenger]
    /// The ticket types each passenger may use on this trip (they travel on `preferred`).
    let choices: [Int64: TicketRules.Choice]
    let now: Int
    /// True when the form was sent back (keep the user's choices instead of the defaults).
    let isResubmission: Bool
    /// False when the trip itself cannot be waited for (the form then only explains why).
    let canJoin: Bool
    /// An order of the user's still waiting for payment, which stops them from joining.
    let unpaid: UnpaidOrder?
    /// Why the waitlist was not joined, or why the trip cannot be waited for.
    let problem: String?

    var mustacheValue: MustacheValue {
        var values = self.values()
        values["canJoin"] = .bool(canJoin)
        values["unpaid"] = UnpaidOrderViewModel.value(unpaid, renderer: renderer, context: context)
        values["problem"] = problem.map(MustacheValue.string) ?? .null
        return .object(values)
    }

    private func values() -> MustacheObject {
        let origin = leg.train.stops[leg.originIndex], destination = leg.train.stops[leg.destinationIndex]
        let sale = SeatSale(timetable: timetable, leg: leg, seatClass: seatClass)
        var total = 0
        let rows: [MustacheValue] = passengers.map { passenger in
            let isChosen = isResubmission ? form.chosen.contains(passenger.id) : passenger.isAccountHolder
            let choice = choices[passenger.id]
            let type = choice?.preferred ?? .adult
            let price = sale.prices(of: [SeatSale.Traveller(passenger, ticketType: type, preference: .none)])[0]
            let rule = choice?.savedTypeRefusal?.fallbackText(renderer.messages, context.language)
            if isChosen { total += price }
            return .object([
                "id": .string(String(passenger.id)), "name": .string(passenger.name), "checked": .bool(isChosen),
                "certificate": .string(text(passenger.certificateType.messageKey) + " " + Masking.certificate(passenger.certificateNumber)),
                "type": .string(text(type.messageKey)),
                "rule": rule.map(MustacheValue.string) ?? .null,
                "price": .string(Money.format(price)),
            ])
        }
        let chosenHours = form.hoursBeforeDeparture ?? WaitlistDeadline.latest
        let deadlines: [MustacheValue] = WaitlistDeadline.available(departsAt: leg.departsAt, now: now).map { choice in
            let when = WaitlistViewModel.dateTime(choice.deadline)
            let label = choice.hours == WaitlistDeadline.latest
                ? renderer.messages.text("waitlist_deadline_latest", context.language, count: choice.hours, arguments: [String(choice.hours), when])
                : renderer.messages.text("waitlist_deadline_hours", context.language, count: choice.hours, arguments: [String(choice.hours), when])
            return .object(["value": .string(String(choice.hours)), "label": .string(label), "checked": .bool(choice.hours == chosenHours),
                            "deadline": .string(when)])
        }
        return [
            "train": .string(leg.train.number), "type": .string(text(leg.train.type.messageKey)),
            "date": .string(leg.travelDate.description),
            "from": .string(timetable.station(origin.stationID)?.name(in: context.language) ?? ""), "to": .string(timetable.station(destination.stationID)?.name(in: context.language) ?? ""),
            "departs": .string(ClockTime.format(origin.departureOrArrival)), "arrives": .string(ClockTime.format(destination.arrivalOrDeparture)),
            "seatClass": .string(text(seatClass.messageKey)), "classCode": .string(seatClass.rawValue),
            "run": .string(String(leg.runID)), "fromCode": .string(form.fromCode), "toCode": .string(form.toCode),
            "passengers": .list(rows), "deadlines": .list(deadlines), "total": .string(Money.format(total)),
            "limit": .string(String(Waitlist.passengerLimit)),
        ]
    }

    private func text(_ key: String) -> String { renderer.messages.text(key, context.language) }
}
