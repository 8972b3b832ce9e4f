/// What a user asks for on the waitlist page: a run, a stretch, a sold-out class, up to nine
/// passengers and how long before departure to give up.
struct WaitlistRequest: Sendable {
    let runID: Int64
    let fromCode: String
    let toCode: String
    let seatClass: SeatClass
    let passengerIDs: [Int64]
    /// The deadline as minutes before departure: one of `WaitlistDeadline.choices`.
    let minutesBeforeDeparture: Int
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
        }
    }
}
