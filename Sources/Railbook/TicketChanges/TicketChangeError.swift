/// A ticket was changed (改签) for a new one on another run or class; the old seat was released.
struct TicketChanged: DomainEvent {
    let ticketID: Int64
    let newTicketID: Int64
    let orderID: Int64
    /// The run the new seat was sold on (its seat counts changed).
    let newRunID: Int64
    /// What went back to the payment (a lower fare's difference less the fee), 0 otherwise.
    let refundedFen: Int
}

/// Why a change was refused; nothing was changed.
enum TicketChangeError: Error, Equatable {
    case notIssued
    /// The ticket was changed already, or is itself the result of a change (one change per ticket).
    case alreadyChanged
    /// The ticket's own train has left.
    case departed
    case runNotFound
    case classNotSold
    /// The same run in the same class as the ticket.
    case sameTrain
    case runCancelled
    case targetDeparted
    /// The ticket's train has left: only a later train of the ticket's date can be chosen.
    case otherDateAfterDeparture
    /// A change of destination less than 48 hours before departure.
    case destinationTooLate
    /// A change of destination to a station the train does not call at after the ticket's origin.
    case destinationNotServed
    /// A change of destination of a leg of a same-train seat change (`OrderSeatChange`).
    case destinationOfSeatChange
    case outsideWindow
    case overlappingTrip(passengerName: String)
    /// The child carried free with the ticket is 6 or older on the new trip's date.
    case carriedChildTooOld(childName: String)
    case soldOut
    /// Standing was asked for while the target still has seats on the stretch.
    case seatsLeft
    /// The fare differs from the one the paid difference was quoted on.
    case fareChanged

    /// The message-catalog key explaining it (a name is filled in where it appears).
    var messageKey: String {
        switch self {
        case .notIssued: "change_error_not_issued"
        case .alreadyChanged: "change_error_already_changed"
        case .departed: "change_error_departed"
        case .runNotFound: "change_error_run_not_found"
        case .classNotSold: "change_error_class"
        case .sameTrain: "change_error_same_train"
        case .runCancelled: "change_error_run_cancelled"
        case .targetDeparted: "change_error_target_departed"
        case .otherDateAfterDeparture: "change_error_other_date_after_departure"
        case .destinationTooLate: "change_error_destination_too_late"
        case .destinationNotServed: "change_error_destination_not_served"
        case .destinationOfSeatChange: "change_error_destination_seat_change"
        case .outsideWindow: "change_error_outside_window"
        case .overlappingTrip: "change_error_overlap"
        case .carriedChildTooOld: "change_error_carried_child_too_old"
        case .soldOut: "change_error_sold_out"
        case .seatsLeft: "booking_error_standing_seats_left"
        case .fareChanged: "change_error_fare_changed"
        }
    }

    /// The value the message's `%@` stands for, if any.
    var messageArgument: String? {
        switch self {
        case .overlappingTrip(let name), .carriedChildTooOld(let name): name
        default: nil
        }
    }
}
