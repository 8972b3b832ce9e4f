import Storage

/// Which ticket types a passenger may travel on for one trip, as 12306 sells them:
/// - child (half fare): under 14 on the travel date, the age known from the resident ID number or
///   a saved birth date (under 6 a child may also travel free without a seat with a paying
///   passenger, see `CarriedChild`);
/// - student (75%): saved student details, a trip between stations of the home and school cities
///   (either way), second class or hard seat, at most four held or issued student tickets per
///   passenger document and school year;
/// - adult: always.
///
/// A ticket issued later than it was asked for (a waitlist served, see `WaitlistFulfilment`) or
/// for another trip (a change, see `TicketChange`) is checked again then with `recheck`: a type the
/// passenger no longer qualifies for becomes adult.
struct TicketRules {
    /// From this age on the day of travel a passenger pays the adult fare.
    static let childAgeLimit = 14
    /// Student tickets per passenger and school year.
    static let studentTripsPerYear = 4
    /// The classes sold at the student fare.
    static let studentClasses: Set<SeatClass> = [.second, .hardSeat]

    /// Why a ticket type is refused for a passenger on the trip.
    enum Refusal: Equatable, Sendable {
        case childAgeUnknown
        case childTooOld
        /// Six or older on the travel date: no longer carried free.
        case freeChildTooOld
        case studentDetailsMissing
        case studentClass
        case studentCities(home: String, school: String)
        case studentTripsUsed(SchoolYear)

        /// The message of a booking refused for it, with the passenger's name first.
        var refusalKey: String {
            switch self {
            case .childAgeUnknown: "ticket_refusal_child_age_unknown"
            case .childTooOld: "ticket_refusal_child_too_old"
            case .freeChildTooOld: "ticket_refusal_free_child_too_old"
            case .studentDetailsMissing: "ticket_refusal_student_details"
            case .studentClass: "ticket_refusal_student_class"
            case .studentCities: "ticket_refusal_student_cities"
            case .studentTripsUsed: "ticket_refusal_student_trips"
            }
        }

        /// What the book and waitlist pages say when a passenger's saved type is refused for the trip.
        private var fallbackKey: String {
            switch self {
            case .childAgeUnknown: "ticket_fallback_child_age_unknown"
            case .childTooOld: "ticket_fallback_child_too_old"
            case .freeChildTooOld: "ticket_refusal_free_child_too_old"
            case .studentDetailsMissing: "ticket_fallback_student_details"
            case .studentClass: "ticket_fallback_student_class"
            case .studentCities: "ticket_fallback_student_cities"
            case .studentTripsUsed: "ticket_fallback_student_trips"
            }
        }

        /// What the book and waitlist pages say when a passenger's saved type is refused for the trip.
        func fallbackText(_ messages: Messages, _ language: Language) -> String {
            messages.text(fallbackKey, language, arguments: arguments)
        }

        /// The values for the message's `%@` after the name.
        var arguments: [String] {
            switch self {
            case .studentCities(let home, let school): [home, school]
            case .studentTripsUsed(let year): [year.first.description, year.last.description]
            default: []
            }
        }
    }

    /// What a passenger may choose for the trip: the types allowed, the one to start with (their
    /// saved type when allowed, else adult) and why their saved type is not allowed, if it is not.
    struct Choice {
        let allowed: [PassengerType]
        let preferred: PassengerType
        let savedTypeRefusal: Refusal?
        /// Under 6 on the travel date: may travel free with a paying passenger (`CarriedChild`).
        var travelsFree = false
    }

    let timetable: Timetable
    let leg: RunLeg
    let seatClass: SeatClass
    /// The ticket a change replaces with one on this trip: its student trip is not counted, as it
    /// moves to the new ticket (a change uses no new trip while it stays a student ticket).
    var replacedTicketID: Int64?

    /// Nil when `passenger` may travel on `type`; why not otherwise.
    func refusal(_ type: PassengerType, for passenger: Passenger, in db: Database) throws -> Refusal? {
        try refusal(type, for: TicketHolder(passenger), in: db)
    }

    /// Nil when `holder` may travel on `type`; why not otherwise.
    func refusal(_ type: PassengerType, for holder: TicketHolder, in db: Database) throws -> Refusal? {
        switch type {
        case .adult:
            return nil
        case .child:
            guard let birth = holder.birthDate else { return .childAgeUnknown }
            return leg.travelDate.age(bornOn: birth) >= Self.childAgeLimit ? .childTooOld : nil
        case .student:
            guard let student = holder.student else { return .studentDetailsMissing }
            guard Self.studentClasses.contains(seatClass) else { return .studentClass }
            guard student.connects(city(leg.originIndex), city(leg.destinationIndex)) else {
                return .studentCities(home: student.homeCity, school: student.schoolCity)
            }
            let year = SchoolYear.containing(leg.travelDate)
            return try studentTrips(of: holder, in: year, db: db) >= Self.studentTripsPerYear ? .studentTripsUsed(year) : nil
        }
    }

    /// The type a ticket asked for earlier on `type` is issued on now: `type` while `holder` still
    /// qualifies for it on this trip, else adult (with the reason).
    struct Recheck {
        let ticketType: PassengerType
        /// Why `type` is not allowed any more; nil when it is kept.
        let refusal: Refusal?
    }

    /// Checks `type` again for `holder` on this trip (see `Recheck`).
    func recheck(_ type: PassengerType, for holder: TicketHolder, in db: Database) throws -> Recheck {
        guard let refusal = try refusal(type, for: holder, in: db) else { return Recheck(ticketType: type, refusal: nil) }
        return Recheck(ticketType: .adult, refusal: refusal)
    }

    /// The types `passenger` may choose for this trip.
    func choice(for passenger: Passenger, in db: Database) throws -> Choice {
        let allowed = try PassengerType.allCases.filter { try refusal($0, for: passenger, in: db) == nil }
        let savedRefusal = try refusal(passenger.passengerType, for: passenger, in: db)
        return Choice(
            allowed: allowed, preferred: savedRefusal == nil ? passenger.passengerType : .adult, savedTypeRefusal: savedRefusal,
            travelsFree: freeChildRefusal(for: TicketHolder(passenger)) == nil)
    }

    /// Nil when `holder` may travel free without a seat (under 6 on the travel date); why not otherwise.
    func freeChildRefusal(for holder: TicketHolder) -> Refusal? {
        guard let birth = holder.birthDate else { return .childAgeUnknown }
        return leg.travelDate.age(bornOn: birth) >= CarriedChild.ageLimit ? .freeChildTooOld : nil
    }

    /// Each passenger's choice, by passenger id.
    func choices(for passengers: [Passenger], in db: Database) throws -> [Int64: Choice] {
        try Dictionary(uniqueKeysWithValues: passengers.map { ($0.id, try choice(for: $0, in: db)) })
    }

    /// Held or issued student tickets of the holder's document for trips leaving within `year`, but
    /// for the ticket being replaced; the legs of a same-train seat change (one order and run) count
    /// as one trip.
    private func studentTrips(of holder: TicketHolder, in year: SchoolYear, db: Database) throws -> Int {
        let bounds = year.bounds
        return try db.queryOne(
            """
            SELECT COUNT(*) AS n FROM (
                SELECT DISTINCT CASE WHEN s.order_id IS NULL THEN t.id ELSE -t.run_id END AS trip, t.order_id
                FROM tickets t LEFT JOIN order_seat_changes s ON s.order_id = t.order_id AND s.run_id = t.run_id
                WHERE t.certificate_type = ? AND t.certificate_number = ? AND t.ticket_type = 'student'
                AND t.status IN (?, ?) AND t.departs_at >= ? AND t.departs_at < ? AND t.id <> ?
            ) trips
            """,
            [
                holder.certificateType.rawValue, holder.certificateNumber, Ticket.Status.held, Ticket.Status.issued, bounds.start,
                bounds.end, replacedTicketID ?? 0,
            ])?.int("n") ?? 0
    }

    private func city(_ stopIndex: Int) -> String {
        timetable.station(leg.train.stops[stopIndex].stationID)?.city ?? ""
    }
}
