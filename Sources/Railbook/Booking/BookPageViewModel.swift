/// The book page (`booking/book`): the trip, the class with its fares, a card per saved passenger
/// (`BookPassengerViewModel`), the fields to add one (`BookNewPassengerViewModel`), and the total
/// for the passengers chosen, each at the fare the booking will charge; why the last submission
/// booked nothing, the unpaid order that stops a booking, and, on a page just opened whose class
/// has nothing to sell, what to do instead (`SoldOutNoticeViewModel`).
struct BookPageViewModel: Encodable {
    /// A fare of the class: by ticket type, or a sleeper's adult fare by berth.
    struct Fare: Encodable {
        let type: String
        /// The berth's name on a sleeper, else nil.
        let berth: String?
        let price: String
    }

    let train: String
    /// The train's type in words.
    let type: String
    let date: String
    let from: String
    let to: String
    let departs: String
    let arrives: String
    /// `+1` when the train arrives on a later day than it leaves the origin.
    let plusDays: String?
    /// The class's name.
    let seatClass: String
    let classCode: String
    let isStanding: Bool
    let fares: [Fare]
    /// The run and the stretch's ends, posted back by the form.
    let run: String
    let fromCode: String
    let toCode: String
    let passengers: [BookPassengerViewModel]
    let total: String
    let totalFen: Int
    let newPassenger: BookNewPassengerViewModel
    /// Whether the passengers are seated together.
    let together: Bool
    /// Why the last submission booked nothing, in the page's language.
    let problem: String?
    /// The account's unpaid order, which must be paid or cancelled before another booking.
    let unpaid: UnpaidOrderViewModel?
    /// Where to join the waitlist when the class sold out for the stretch as the form was sent.
    let waitlistHref: String?
    /// What a page just opened says when its class has nothing to sell on the stretch.
    let soldOut: SoldOutNoticeViewModel?
    /// The second train of a journey with one change booked with this one.
    let connection: BookConnectionViewModel?
    /// The same-train seat change booked instead of one seat for the whole stretch: its legs and
    /// the stops posted back (`change_at`); the fares are the legs' added up, and seats are not picked.
    let seatChange: SeatChangeViewModel?

    /// The page of `seatClass` on `leg` for `passengers`, who may choose the ticket types of `choices`;
    /// `form` is what was sent when the page comes back (`isResubmission`), with `newPassengerErrors`
    /// for the fields of the passenger added on the spot. `availability` is given for a page just opened.
    init(
        leg: RunLeg, seatClass: SeatClass, form: BookingForm, passengers: [Passenger], choices: [Int64: TicketRules.Choice],
        isResubmission: Bool, newPassengerErrors: FormErrors, problem: String?, unpaid: UnpaidOrder?, waitlistHref: String?,
        availability: ClassAvailability?, connection: BookConnectionViewModel? = nil, seatChange: SeatChangePlan? = nil,
        timetable: Timetable, text: TextLookup
    ) {
        let origin = leg.train.stops[leg.originIndex], destination = leg.train.stops[leg.destinationIndex]
        let pricing =
            seatChange.map { plan in
                BookPricing(
                    legs: plan.legs.map {
                        SeatSale(timetable: timetable, leg: leg.part(from: $0.originIndex, to: $0.destinationIndex), seatClass: seatClass)
                    })
            } ?? BookPricing(sale: SeatSale(timetable: timetable, leg: leg, seatClass: seatClass))
        self.seatChange = seatChange.map {
            SeatChangeViewModel(
                $0, train: leg.train, runID: leg.runID, seatClass: seatClass, fromCode: form.fromCode, toCode: form.toCode,
                timetable: timetable, text: text)
        }
        train = leg.train.number
        type = text(leg.train.type.messageKey)
        date = leg.travelDate.description
        from = timetable.station(origin.stationID)?.name(in: text.language) ?? ""
        to = timetable.station(destination.stationID)?.name(in: text.language) ?? ""
        departs = ClockTime.format(origin.departureOrArrival)
        arrives = ClockTime.format(destination.arrivalOrDeparture)
        let days = destination.arrivalOrDeparture / 1440 - origin.departureOrArrival / 1440
        plusDays = days > 0 ? "+\(days)" : nil
        self.seatClass = text(seatClass.messageKey)
        classCode = seatClass.rawValue
        isStanding = seatClass == .standing
        fares = Self.fares(pricing, text: text)
        run = String(leg.runID)
        fromCode = form.fromCode
        toCode = form.toCode
        let adultOnly = TicketRules.Choice(allowed: [.adult], preferred: .adult, savedTypeRefusal: nil)
        self.passengers = passengers.map { passenger in
            BookPassengerViewModel(
                passenger, choice: choices[passenger.id] ?? adultOnly, form: form, isResubmission: isResubmission,
                trainType: leg.train.type, pricing: pricing, text: text)
        }
        newPassenger = BookNewPassengerViewModel(
            form: form, errors: newPassengerErrors, isResubmission: isResubmission, trainType: leg.train.type,
            pricing: pricing, text: text)
        // A journey's second train adds its fare for each passenger ticked, at their ticket type.
        let connectionFen = { (type: String?) in connection?.fen(for: type ?? "adult") ?? 0 }
        totalFen =
            self.passengers.reduce(newPassenger.priceFen.map { $0 + connectionFen(form.newPassenger?["passenger_type"]) } ?? 0) {
                $1.checked ? $0 + $1.priceFen + connectionFen($1.types.first(where: \.selected)?.value) : $0
            }
        total = Money.format(totalFen)
        together = form.keepTogether
        self.problem = problem
        self.unpaid = unpaid.map { UnpaidOrderViewModel($0, text: text) }
        self.waitlistHref = waitlistHref
        self.connection = connection
        soldOut = availability.flatMap {
            SoldOutNoticeViewModel(
                $0, leg: leg, seatClass: seatClass, fromCode: form.fromCode, toCode: form.toCode, timetable: timetable, text: text)
        }
    }

    /// The class's fares by ticket type; a sleeper's adult fare by berth instead (lower dearer than upper).
    static func fares(_ pricing: BookPricing, text: TextLookup) -> [Fare] {
        let seatClass = pricing.seatClass
        if seatClass.isSleeper {
            return seatClass.rowLetters.map { berth in
                Fare(
                    type: text(PassengerType.adult.messageKey), berth: BerthText.nameKey(berth).map { text($0) } ?? berth,
                    price: Money.format(pricing.price(.adult, berth: berth)))
            }
        }
        return PassengerType.allCases.filter { $0 != .student || TicketRules.studentClasses.contains(seatClass) }.map { type in
            Fare(type: text(type.messageKey), berth: nil, price: Money.format(pricing.price(type, berth: "")))
        }
    }
}
