/// What a traveller asks for on the book page: a run, a stretch, a class and the passengers.
struct BookingRequest: Sendable {
    /// One passenger of the booking with their ticket type and seat wish.
    struct Traveller: Sendable {
        let passengerID: Int64
        let ticketType: PassengerType
        let preference: SeatAllocator.Preference
    }

    let runID: Int64
    let fromCode: String
    let toCode: String
    let seatClass: SeatClass
    let travellers: [Traveller]
    /// Seat the group side by side where possible (otherwise each passenger gets the best-fitting seat).
    var keepTogether = true
    /// The second train of a journey with one change, booked in the same order.
    var connection: ConnectingLeg? = nil
    /// Saved passengers under 6 who travel free without a seat, one with each paying passenger on
    /// an adult or student ticket (`CarriedChild`).
    var carried: [Int64] = []
    /// The telecodes of the stops where a same-train seat change moves the party (`SeatChangePlan`),
    /// as the book page showed it; empty for seats for the whole stretch.
    var seatChangeAt: [String] = []
}

/// Why a booking was refused; each has a message for the book page.
enum BookingError: Error, Equatable {
    case runNotFound
    case runCancelled
    case departed
    case outsideWindow
    case stopsInvalid
    case classNotSold
    case noPassengers
    case tooManyPassengers
    /// Seats were chosen for a party bigger than `Order.seatChoiceLimit`.
    case tooManySeatChoices
    /// A child to carry free, but no passenger on an adult or student ticket to travel with.
    case freeChildAlone
    /// More children to carry free than passengers on adult or student tickets.
    case tooManyFreeChildren
    case duplicatePassenger
    case passengerNotYours
    case overlappingTrip(passengerName: String)
    case soldOut
    /// Standing was asked for while seats are still free on the stretch.
    case seatsLeft
    case cancellationLimit
    /// The document is registered to another account under another name than the passenger's.
    case notOwnersName(passengerName: String)
    /// The passenger may not travel on the ticket type chosen (child age, student details…).
    case ticketType(passengerName: String, refusal: TicketRules.Refusal)
    /// The second train of a journey cannot be booked with the first: not found, cancelled, left,
    /// outside the presale window, its class not sold, standing, or not leaving where the first arrives.
    case connectionInvalid
    /// The second train leaves sooner after the first arrives than the change needs (`minutes`).
    case connectionTooShort(minutes: Int)
    /// The second train has not enough seats in its class: nothing was booked.
    case connectionSoldOut
    /// A same-train seat change asked for with a second train or for standing.
    case seatChangeInvalid
    /// The same-train seat change shown is no longer there for this party (its seats sold, or seats
    /// free for the whole stretch again): nothing was booked.
    case seatChangeGone

    /// The message-catalog key explaining it (the passenger's name is filled in where it appears).
    var messageKey: String {
        switch self {
        case .runNotFound: "booking_error_run_not_found"
        case .runCancelled: "booking_error_run_cancelled"
        case .departed: "booking_error_departed"
        case .outsideWindow: "booking_error_outside_window"
        case .stopsInvalid: "booking_error_stops"
        case .classNotSold: "booking_error_class"
        case .noPassengers: "booking_error_no_passengers"
        case .tooManyPassengers: "booking_error_too_many"
        case .tooManySeatChoices: "booking_error_too_many_seat_choices"
        case .freeChildAlone: "booking_error_free_child_alone"
        case .tooManyFreeChildren: "booking_error_free_children"
        case .duplicatePassenger: "booking_error_duplicate_passenger"
        case .passengerNotYours: "booking_error_passenger"
        case .overlappingTrip: "booking_error_overlap"
        case .soldOut: "booking_error_sold_out"
        case .seatsLeft: "booking_error_standing_seats_left"
        case .cancellationLimit: "booking_error_cancellations"
        case .notOwnersName: "booking_error_not_owners_name"
        case .connectionInvalid: "booking_error_connection"
        case .connectionTooShort: "booking_error_connection_too_short"
        case .connectionSoldOut: "booking_error_connection_sold_out"
        case .seatChangeInvalid: "booking_error_seat_change_invalid"
        case .seatChangeGone: "booking_error_seat_change_gone"
        case .ticketType(_, let refusal): refusal.refusalKey
        }
    }

    /// The values for the message's `%@` places, in order.
    var messageArguments: [String] {
        switch self {
        case .overlappingTrip(let name), .notOwnersName(let name): [name]
        case .ticketType(let name, let refusal): [name] + refusal.arguments
        case .connectionTooShort(let minutes): [String(minutes)]
        default: []
        }
    }
}
