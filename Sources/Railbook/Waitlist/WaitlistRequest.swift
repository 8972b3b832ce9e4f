/// What a user asks for on the waitlist page: a run, a stretch, a sold-out class, up to three
/// passengers and how long before departure to give up.
struct WaitlistRequest: Sendable {
    let runID: Int64
    let fromCode: String
    let toCode: String
    let seatClass: SeatClass
    let passengerIDs: [Int64]
    /// The deadline as hours before departure: one of `WaitlistDeadline.choices`.
    let hoursBeforeDeparture: Int
}

/// The deadlines a waitlist can have: some hours before departure, while that is still ahead.
enum WaitlistDeadline {
    /// Hours before departure, earliest deadline first; the last is the latest deadline allowed.
    static let choices = [48, 24, 12, 6, 2]
    /// The latest deadline: this many hours before departure.
    static let latest = 2

    /// The choices still in the future at `now` for a train leaving at `departsAt`, with their deadlines.
    static func available(departsAt: Int, now: Int) -> [(hours: Int, deadline: Int)] {
        choices.map { ($0, departsAt - $0 * 3600) }.filter { $0.deadline > now }
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
        }
    }
}
