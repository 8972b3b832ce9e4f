import Mustache

/// The book page's values: the trip, the class with its fares, a card per passenger with a checkbox,
/// the ticket types they may use on this trip (and why their saved type is not one of them) and their
/// seat pick (a row of the coach, a berth with its price, or a wish), and the total for the passengers
/// chosen, each at the fare the booking will charge.
struct BookPageViewModel: MustacheRenderable {
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
    /// Why the last submission booked nothing, in the page's language.
    var problem: String? = nil
    /// The account's unpaid order, which must be paid or cancelled before another booking.
    var unpaid: UnpaidOrder? = nil
    /// Where to join the waitlist when the class is sold out for the stretch.
    var waitlistHref: String? = nil
    /// Whether the class has anything to sell on the stretch, for a page just opened; when it has
    /// not, the page says so with what to do instead, and has no form.
    var availability: ClassAvailability? = nil

    var mustacheValue: MustacheValue {
        var values = pageValues()
        if let problem { values["problem"] = .string(problem) }
        values["unpaid"] = UnpaidOrderViewModel.value(unpaid, renderer: renderer, context: context)
        if let waitlistHref { values["waitlistHref"] = .string(waitlistHref) }
        values["soldOut"] = availability.flatMap {
            SoldOutNoticeViewModel(renderer: renderer, context: context, leg: leg, seatClass: seatClass, fromCode: form.fromCode,
                                   toCode: form.toCode).value($0)
        } ?? .null
        return .object(values)
    }

    private var sale: SeatSale { SeatSale(timetable: timetable, leg: leg, seatClass: seatClass) }

    private func pageValues() -> MustacheObject {
        let origin = leg.train.stops[leg.originIndex], destination = leg.train.stops[leg.destinationIndex]
        var total = 0
        let rows: [MustacheValue] = passengers.map { passenger in
            let isChosen = isResubmission ? form.chosen.contains(passenger.id) : passenger.isAccountHolder
            let choice = choices[passenger.id] ?? TicketRules.Choice(allowed: [.adult], preferred: .adult, savedTypeRefusal: nil)
            let asked = isResubmission ? PassengerType(rawValue: form.ticketTypes[passenger.id] ?? "") : nil
            let type = asked.flatMap { choice.allowed.contains($0) ? $0 : nil } ?? choice.preferred
            let pick = pickCode(isResubmission ? form.preferences[passenger.id] ?? "" : "")
            let price = sale.price(of: traveller(type), berth: pick)
            if isChosen { total += price }
            let rule = choice.savedTypeRefusal?.fallbackText(renderer.messages, context.language)
            return .object([
                "id": .string(String(passenger.id)), "name": .string(passenger.name), "checked": .bool(isChosen),
                "documentType": .string(text(passenger.certificateType.messageKey)),
                "document": .string(Masking.certificate(passenger.certificateNumber)),
                "savedType": .string(text(passenger.passengerType.messageKey)),
                "types": typeOptions(choice.allowed, selected: type),
                "rule": rule.map(MustacheValue.string) ?? .null,
                "pick": pickValue(field: "seat_\(passenger.id)", idPrefix: "seat-\(passenger.id)", picked: pick, who: passenger.name),
                "price": .string(Money.format(price)), "priceFen": .int(price),
            ])
        }
        let newPassenger = newPassengerValue()
        if let fen = newPassenger.fen { total += fen }
        return [
            "train": .string(leg.train.number), "type": .string(text(leg.train.type.messageKey)),
            "date": .string(leg.travelDate.description),
            "from": .string(timetable.station(origin.stationID)?.name(in: context.language) ?? ""), "to": .string(timetable.station(destination.stationID)?.name(in: context.language) ?? ""),
            "departs": .string(ClockTime.format(origin.departureOrArrival)), "arrives": .string(ClockTime.format(destination.arrivalOrDeparture)),
            "seatClass": .string(text(seatClass.messageKey)), "classCode": .string(seatClass.rawValue),
            "isStanding": .bool(seatClass == .standing),
            "plusDays": plusDays(origin, destination),
            "fares": .list(fares()),
            "run": .string(String(leg.runID)), "fromCode": .string(form.fromCode), "toCode": .string(form.toCode),
            "passengers": .list(rows), "total": .string(Money.format(total)), "totalFen": .int(total),
            "newPassenger": newPassenger.value,
            "limit": .string(String(Order.passengerLimit)),
            "together": .bool(form.keepTogether),
        ]
    }

    /// `+1` when the train arrives on a later day than it leaves the origin.
    private func plusDays(_ origin: Stop, _ destination: Stop) -> MustacheValue {
        let days = destination.arrivalOrDeparture / 1440 - origin.departureOrArrival / 1440
        return days > 0 ? .string("+\(days)") : .null
    }

    /// The class's fares by ticket type; a sleeper's adult fare by berth instead (lower dearer than upper).
    private func fares() -> [MustacheValue] {
        if seatClass.isSleeper {
            return seatClass.rowLetters.map { berth in
                .object(["type": .string(text(PassengerType.adult.messageKey)), "berth": .string(BerthText.nameKey(berth).map(text) ?? berth),
                         "price": .string(Money.format(sale.price(of: traveller(.adult), berth: berth)))])
            }
        }
        return PassengerType.allCases.filter { $0 != .student || TicketRules.studentClasses.contains(seatClass) }.map { type in
            .object(["type": .string(text(type.messageKey)), "berth": .null,
                     "price": .string(Money.format(sale.price(of: traveller(type), berth: "")))])
        }
    }

    /// The "add a passenger" fields with what was typed (defaults on a fresh page) and any message,
    /// and the price of their ticket when a name is typed (it counts in the total).
    private func newPassengerValue() -> (value: MustacheValue, fen: Int?) {
        let typed = form.typedPassenger
        let type = isResubmission ? PassengerType(rawValue: typed.passengerType) ?? .adult : .adult
        let certificate = isResubmission && CertificateType(rawValue: typed.certificateType) != nil ? typed.certificateType : "resident_id"
        let pick = pickCode(isResubmission ? typed.seat : "")
        let price = sale.price(of: traveller(type), berth: pick)
        let isTyped = isResubmission && !typed.name.trimmed.isEmpty
        var fields: MustacheObject = [
            "name": .string(isResubmission ? typed.name : ""),
            "certificateNumber": .string(isResubmission ? typed.certificateNumber : ""),
            "types": typeOptions(PassengerType.allCases, selected: type),
            "certificates": options(CertificateType.allCases.map { ($0.rawValue, text($0.messageKey)) }, selected: certificate),
            "pick": pickValue(field: "new_seat", idPrefix: "new-seat", picked: pick, who: text("book_new_passenger")),
            "isOpen": .bool(isTyped || !newPassengerErrors.isEmpty),
            "price": .string(Money.format(price)),
        ]
        for (field, key) in [("name", "nameError"), ("certificate_type", "certificateTypeError"),
                             ("certificate_number", "certificateNumberError"), ("passenger_type", "typeError")] {
            if let message = newPassengerErrors[field] { fields[key] = .string(text(message)) }
        }
        return (.object(fields), isTyped ? price : nil)
    }

    /// The ticket-type options, each with its price at the class fare (for the live total).
    private func typeOptions(_ types: [PassengerType], selected: PassengerType) -> MustacheValue {
        .list(types.map { type in
            .object(["value": .string(type.rawValue), "label": .string(text(type.messageKey)), "selected": .bool(type == selected),
                     "fen": .int(sale.price(of: traveller(type), berth: ""))])
        })
    }

    /// A passenger's seat choice: a row of the coach on G, D and C trains' seats, the berths with
    /// their prices on sleepers, a list of wishes elsewhere, nothing for standing.
    private func pickValue(field: String, idPrefix: String, picked: String, who: String) -> MustacheValue {
        var value: MustacheObject = ["field": .string(field), "idPrefix": .string(idPrefix), "who": .string(who)]
        if seatClass.hasSeatMap(on: leg.train.type) {
            let seats = seatClass.rowLetters.map { letter -> MustacheValue in
                .object(["value": .string(letter), "label": .string(letter), "checked": .bool(letter == picked),
                         "id": .string("\(idPrefix)-\(letter)")])
            }
            let aisle = seatClass.rowLetters.firstIndex { $0 == "D" || $0 == "F" } ?? seats.count
            value["seatMap"] = .object(["left": .list(Array(seats[..<aisle])), "right": .list(Array(seats[aisle...])),
                                        "anyChecked": .bool(picked.isEmpty)])
        } else if seatClass.isSleeper {
            value["berthChoice"] = .object(["options": .list(seatClass.rowLetters.map { berth in
                let prices = PassengerType.allCases.map { ($0.rawValue, MustacheValue.int(sale.price(of: traveller($0), berth: berth))) }
                return .object(["value": .string(berth), "label": .string(BerthText.nameKey(berth).map(text) ?? berth), "checked": .bool(berth == picked),
                                "id": .string("\(idPrefix)-\(berth)"), "fen": .object(MustacheObject(Dictionary(uniqueKeysWithValues: prices))),
                                "price": .string(Money.format(sale.price(of: traveller(.adult), berth: berth)))])
            })])
        } else if seatClass != .standing {
            let wishes = [("", text("seat_any")), ("window", text("seat_window")), ("aisle", text("seat_aisle"))]
                + seatClass.rowLetters.map { ($0, $0) }
            value["wishChoice"] = .object(["options": options(wishes, selected: picked)])
        }
        return .object(value)
    }

    /// The pick a form value names for this class: a berth on sleepers (lower when none is named),
    /// a seat letter or wish on seats, nothing for standing.
    private func pickCode(_ sent: String) -> String {
        switch seatClass {
        case .standing: return ""
        case _ where seatClass.isSleeper: return seatClass.rowLetters.contains(sent) ? sent : "lower"
        default: return seatClass.rowLetters.contains(sent) || sent == "window" || sent == "aisle" ? sent : ""
        }
    }

    private func traveller(_ type: PassengerType) -> SeatSale.Traveller {
        SeatSale.Traveller(passengerID: nil, name: "", certificateType: .residentID, certificateNumber: "", ticketType: type)
    }

    private func options(_ choices: [(String, String)], selected: String) -> MustacheValue {
        .list(choices.map { .object(["value": .string($0.0), "label": .string($0.1), "selected": .bool($0.0 == selected)]) })
    }

    private func text(_ key: String) -> String { renderer.messages.text(key, context.language) }
}
