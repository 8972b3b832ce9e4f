import HTTP

/// The second train of a journey with one change, booked together with the first on the book page
/// (`then_run`, `then_from`, `then_to`, `then_class`): in the same order and transaction, all or
/// nothing, and linked (`order_connections`), so a first train arriving too late for the change
/// lets the second be refunded or changed without a fee (`LateTrain`).
struct ConnectingLeg: Sendable, Equatable {
    let runID: Int64
    let fromCode: String
    let toCode: String
    let seatClass: SeatClass

    /// The leg the fields name; nil when they name none (or not all of it).
    init?(_ fields: Parameters) {
        guard let runID = fields["then_run"].flatMap({ Int64($0) }), let seatClass = fields["then_class"].flatMap(SeatClass.init(rawValue:))
        else { return nil }
        self.runID = runID
        fromCode = String((fields["then_from"] ?? "").prefix(3))
        toCode = String((fields["then_to"] ?? "").prefix(3))
        self.seatClass = seatClass
    }
}
