/// What a user asks for on the waitlist page: a run, a stretch, a sold-out class, other sold-out
/// trains, dates and classes that would do as well (ranked after it), up to nine passengers and how
/// long before departure to give up.
struct WaitlistRequest: Sendable {
    let runID: Int64
    let fromCode: String
    let toCode: String
    let seatClass: SeatClass
    let passengerIDs: [Int64]
    /// The deadline as minutes before departure: one of `WaitlistDeadline.choices`.
    let minutesBeforeDeparture: Int
    /// The other trips, in the order the traveller ranked them.
    var alternatives: [Trip] = []

    /// A run, stretch and class the waitlist may be served on.
    struct Trip: Sendable, Hashable {
        let runID: Int64
        let fromCode: String
        let toCode: String
        let seatClass: SeatClass

        /// `<run>.<from>.<to>.<class>`, as the form's `also` boxes send it.
        var code: String { "\(runID).\(fromCode).\(toCode).\(seatClass.rawValue)" }

        init(runID: Int64, fromCode: String, toCode: String, seatClass: SeatClass) {
            self.runID = runID
            self.fromCode = fromCode
            self.toCode = toCode
            self.seatClass = seatClass
        }

        /// The trip a form's `also` value names; nil for anything else.
        init?(code: String) {
            let parts = code.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 4, let runID = Int64(parts[0]), let seatClass = SeatClass(rawValue: parts[3]),
                parts[1].count <= 3, parts[2].count <= 3
            else { return nil }
            self.init(runID: runID, fromCode: parts[1], toCode: parts[2], seatClass: seatClass)
        }
    }

    /// Every trip asked for, the first one first.
    var trips: [Trip] { [Trip(runID: runID, fromCode: fromCode, toCode: toCode, seatClass: seatClass)] + alternatives }
}

/// The deadlines a waitlist can have: some hours before departure, or the latest, when waitlists
/// close (`Deadlines.waitlistCloseMinutes`), while that is still ahead.
struct WaitlistDeadline {
    /// Minutes before departure of the latest deadline.
    let closeMinutes: Int

    /// Hours before departure offered besides the latest, earliest deadline first.
    static let hours = [48, 24, 12, 6, 2]

    /// Minutes before departure, earliest deadline first; the last is the latest deadline allowed.
    var choices: [Int] { WaitlistDeadline.hours.map { $0 * 60 }.filter { $0 > closeMinutes } + [closeMinutes] }

    /// The choices still in the future at `now` for a train leaving at `departsAt`, with their deadlines.
    func available(departsAt: Int, now: Int) -> [(minutes: Int, deadline: Int)] {
        choices.map { ($0, departsAt - $0 * 60) }.filter { $0.deadline > now }
    }
}

/// Why a waitlist was refused; each has a message for the waitlist page.
enum WaitlistError: Error, Equatable {
    case runNotFound
    case runCancelled
    case departed
    case outsideWindow
    case classNotSold
    /// Seats are free: book instead.
    case notSoldOut
    case noPassengers
    case tooManyPassengers
    case duplicatePassenger
    case passengerNotYours
    case overlappingTrip(passengerName: String)
    /// The document is registered to another account under another name than the passenger's.
    case notOwnersName(passengerName: String)
    case deadlineInvalid
    /// The account already has `Waitlist.openLimit` waitlists open.
    case tooManyOpen
    /// More than `WaitlistChoice.limit` train-date-class combinations.
    case tooManyChoices
    /// Trips on more than `WaitlistChoice.dateLimit` dates.
    case tooManyDates
    /// A trip asked for twice, or an `also` value that names no trip.
    case choiceInvalid
    /// Another trip ticked cannot be waited for (seats free, cancelled, past its deadline, not on sale).
    case alternativeUnavailable(train: String, date: String)

    /// The message-catalog key explaining it (the passenger's name is filled in where it appears).
    var messageKey: String {
        switch self {
        case .runNotFound: "booking_error_run_not_found"
        case .runCancelled: "booking_error_run_cancelled"
        case .departed: "waitlist_error_departed"
        case .outsideWindow: "booking_error_outside_window"
        case .classNotSold: "booking_error_class"
        case .notSoldOut: "waitlist_error_not_sold_out"
        case .noPassengers: "booking_error_no_passengers"
        case .tooManyPassengers: "waitlist_error_too_many"
        case .duplicatePassenger: "booking_error_duplicate_passenger"
        case .passengerNotYours: "booking_error_passenger"
        case .overlappingTrip: "waitlist_error_overlap"
        case .notOwnersName: "booking_error_not_owners_name"
        case .deadlineInvalid: "waitlist_error_deadline"
        case .tooManyOpen: "waitlist_error_too_many_open"
        case .tooManyChoices: "waitlist_error_too_many_choices"
        case .tooManyDates: "waitlist_error_too_many_dates"
        case .choiceInvalid: "waitlist_error_choice"
        case .alternativeUnavailable: "waitlist_error_alternative"
        }
    }
}
