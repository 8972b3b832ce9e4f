import Storage

/// What the back office shows around an order besides the order itself: who placed it, every
/// payment started for it (unfinished and cancelled ones too) and the complaints about it.
struct AdminOrderFile: Sendable {
    /// The account that placed the order; nil only if it was deleted.
    let customer: User?
    let payments: [Payment]
    let complaints: [Complaint]

    /// The file of the order of `kind` whose row id is `orderID`, placed by `userID`.
    static func load(_ kind: ComplaintSubject.Kind, orderID: Int64, userID: Int64, in db: Database) throws -> AdminOrderFile {
        let payments =
            switch kind {
            case .ticketOrder: try Payment.all(ofTicketOrder: orderID, in: db)
            case .shopOrder: try Payment.all(ofShopOrder: orderID, in: db)
            }
        return AdminOrderFile(
            customer: try User.find(id: userID, in: db), payments: payments,
            complaints: try Complaint.about(kind, subjectID: orderID, in: db))
    }
}
