/// A waitlist was paid for and joined its queue (fulfilment tries it at once: seats may be free).
struct WaitlistQueued: DomainEvent {
    /// A run and class the waitlist covers.
    struct Choice: Sendable {
        let runID: Int64
        let seatClass: SeatClass
    }

    let waitlistID: Int64
    /// Its choices, best ranked first.
    let choices: [Choice]
}
/// A waitlist got its seats: order `orderID` was created paid, with issued tickets.
struct WaitlistFulfilled: DomainEvent {
    let waitlistID: Int64
    let orderID: Int64
    let userID: Int64
}
/// A waitlist ended without seats (its deadline passed or its user cancelled it); the prepayment was refunded.
struct WaitlistRefunded: DomainEvent {
    let waitlistID: Int64
    let userID: Int64
    let refundedFen: Int
}
