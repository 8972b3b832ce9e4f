import Mustache

/// The book page's values: the trip, the class with its fares, each passenger with a checkbox, the
/// ticket types they may use on this trip (and why their saved type is not one of them) and a seat
/// wish, and the total for the passengers chosen, each at the fare the booking will charge.
struct BookPageViewModel {
    let renderer: PageRenderer
    let context: AppContext
    let timetable: Timetable
    let leg: RunLeg
    let seatClass: SeatClass
    let form: BookingForm
    let passengers: [Passenger]
    /// The ticket types each passenger may choose for this trip.
    let choices: [Int64: TicketRules.Choice]
    /// True when the form was sent back (keep the user's choices instead of the defaults).
    let isResubmission: Bool
    /// Problems of the typed-in passenger, by field of the passenger form (`name`, `certificate_number`…).
    let newPassengerErrors: FormErrors

    func values() -> [String: MustacheValue] {
        let origin = leg.train.stops[leg.originIndex], destination = leg.train.stops[leg.destinationIndex]
        let adultFare = Fares.price(of: leg.train, from: leg.originIndex, to: leg.destinationIndex, seatClass: seatClass, in: timetable)
        var total = 0
        let rows: [MustacheValue] = passengers.map { passenger in
            let isChosen = isResubmission ? form.chosen.contains(passenger.id) : passenger.isAccountHolder
            let choice = choices[passenger.id] ?? TicketRules.Choice(allowed: [.adult], preferred: .adult, savedTypeRefusal: nil)
            let asked = isResubmission ? PassengerType(rawValue: form.ticketTypes[passenger.id] ?? "") : nil
            let type = asked.flatMap { choice.allowed.contains($0) ? $0 : nil } ?? choice.preferred
            let price = Fares.price(adultFen: adultFare, ticketType: type, seatClass: seatClass)
            if isChosen { total += price }
            let rule = choice.savedTypeRefusal?.fallbackText(renderer.messages, context.language)
            return .object([
                "id": .string(String(passenger.id)), "name": .string(passenger.name), "checked": .bool(isChosen),
                "certificate": .string(text(passenger.certificateType.messageKey) + " " + Masking.certificate(passenger.certificateNumber)),
                "types": options(choice.allowed.map { ($0.rawValue, text($0.messageKey)) }, selected: type.rawValue),
                "rule": rule.map(MustacheValue.string) ?? .null,
                "seats": options(preferenceOptions(), selected: form.preferences[passenger.id] ?? ""),
                "price": .string(Money.format(price)),
            ])
        }
        return [
            "train": .string(leg.train.number), "type": .string(text(leg.train.type.messageKey)),
            "date": .string(leg.travelDate.description),
            "from": .string(timetable.station(origin.stationID)?.name(in: context.language) ?? ""), "to": .string(timetable.station(destination.stationID)?.name(in: context.language) ?? ""),
            "departs": .string(ClockTime.format(origin.departureOrArrival)), "arrives": .string(ClockTime.format(destination.arrivalOrDeparture)),
            "seatClass": .string(text(seatClass.messageKey)), "classCode": .string(seatClass.rawValue),
            "fares": .list(PassengerType.allCases.filter { $0 != .student || TicketRules.studentClasses.contains(seatClass) }.map { type in
                .object(["type": .string(text(type.messageKey)),
                         "price": .string(Money.format(Fares.price(adultFen: adultFare, ticketType: type, seatClass: seatClass)))])
            }),
            "run": .string(String(leg.runID)), "fromCode": .string(form.fromCode), "toCode": .string(form.toCode),
            "passengers": .list(rows), "total": .string(Money.format(total)),
            "newPassenger": newPassengerValue(),
            "limit": .string(String(Order.passengerLimit)),
            "together": .bool(form.keepTogether),
        ]
    }

    /// The "add a passenger" fields with what was typed (defaults on a fresh page) and any message.
    private func newPassengerValue() -> MustacheValue {
        let typed = form.typedPassenger
        let type = isResubmission && PassengerType(rawValue: typed.passengerType) != nil ? typed.passengerType : "adult"
        let certificate = isResubmission && CertificateType(rawValue: typed.certificateType) != nil ? typed.certificateType : "resident_id"
        var fields: [String: MustacheValue] = [
            "name": .string(isResubmission ? typed.name : ""),
            "certificateNumber": .string(isResubmission ? typed.certificateNumber : ""),
            "types": options(PassengerType.allCases.map { ($0.rawValue, text($0.messageKey)) }, selected: type),
            "certificates": options(CertificateType.allCases.map { ($0.rawValue, text($0.messageKey)) }, selected: certificate),
        ]
        for (field, key) in [("name", "nameError"), ("certificate_type", "certificateTypeError"),
                             ("certificate_number", "certificateNumberError"), ("passenger_type", "typeError")] {
            if let message = newPassengerErrors[field] { fields[key] = .string(text(message)) }
        }
        return .object(fields)
    }

    private func preferenceOptions() -> [(String, String)] {
        let letters = seatClass.rowLetters.map { ($0, seatClass.isSleeper ? text("berth_\($0)") : $0) }
        let general = seatClass.isSleeper ? [] : [("window", text("seat_window")), ("aisle", text("seat_aisle"))]
        return [("", text("seat_any"))] + general + letters
    }

    private func options(_ choices: [(String, String)], selected: String) -> MustacheValue {
        .list(choices.map { .object(["value": .string($0.0), "label": .string($0.1), "selected": .bool($0.0 == selected)]) })
    }

    private func text(_ key: String) -> String { renderer.messages.text(key, context.language) }
}
