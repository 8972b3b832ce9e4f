import SQLite

// EXTENSION POINT — shop orders as complaint subjects.
//
// The onboard shop's orders (`shop_orders`, built in Sources/Railbook/Shop/) did not exist when
// complaints were written. Once they do, fill in the two functions below with a lookup scoped to
// the user (`WHERE number = ? AND user_id = ?`, newest first by `created_at`), returning subjects
// of kind `.shopOrder` with a short `summary` (the shop's name). Nothing else needs to change: the
// form lists them, `Complaint.file` accepts them, and `ComplaintViewModel` links them once
// `ComplaintSubject.Kind.href(number:)` knows the shop order page.
extension ComplaintSubject {
    /// The user's shop order numbered `number`, or nil. No shop orders exist yet.
    static func findShopOrder(number: String, userID: Int64, in db: Database) throws -> ComplaintSubject? {
        nil
    }

    /// The user's `limit` most recent shop orders with their creation time. No shop orders exist yet.
    static func recentShopOrders(for userID: Int64, limit: Int, in db: Database) throws -> [(subject: ComplaintSubject, createdAt: Int)] {
        []
    }
}

extension ComplaintSubject.Kind {
    /// The page of the order numbered `number`, or nil when there is none to link to (shop orders,
    /// until their page exists).
    func href(number: String) -> String? {
        switch self {
        case .ticketOrder: "/orders/" + number
        case .shopOrder: nil
        }
    }
}
