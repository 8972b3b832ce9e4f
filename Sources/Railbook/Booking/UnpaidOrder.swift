import Storage

/// What an account has waiting for its money (as 12306, one at a time): a ticket order before its
/// payment deadline, or a waitlist awaiting its prepayment. While there is one, the account books
/// no other order, joins no other waitlist and starts no change that needs paying; a change of a
/// pending difference (`ticket_changes`) holds nothing and does not count.
struct UnpaidOrder: Error, Equatable, Sendable {
    /// Which kind of order is unpaid.
    enum Kind: Sendable { case ticketOrder, waitlist }

    let kind: Kind
    let number: String

    /// The page of the unpaid order, where it is paid or cancelled.
    var href: String { (kind == .ticketOrder ? "/orders/" : "/waitlist/") + number }

    /// The message-catalog key of the refusal, with the number for its `%@`.
    var messageKey: String { kind == .ticketOrder ? "unpaid_order_refusal" : "unpaid_waitlist_refusal" }

    /// The account's unpaid ticket order or waitlist at `now`, if any (a waitlist left unpaid past the
    /// hold is cancelled by the waitlist job within one job interval).
    static func find(userID: Int64, now: Int, in db: Database) throws -> UnpaidOrder? {
        if let row = try db.queryOne(
            """
            SELECT number FROM orders WHERE user_id = ? AND status = ? AND pay_deadline > ? ORDER BY id LIMIT 1
            """, [userID, Order.Status.unpaid, now])
        {
            return UnpaidOrder(kind: .ticketOrder, number: try row.string("number"))
        }
        if let row = try db.queryOne(
            """
            SELECT number FROM waitlists WHERE user_id = ? AND status = ? AND deadline > ?
            ORDER BY id LIMIT 1
            """, [userID, Waitlist.Status.awaitingPayment, now])
        {
            return UnpaidOrder(kind: .waitlist, number: try row.string("number"))
        }
        return nil
    }

    /// Locks the account's row for the rest of the write transaction (parallel bookings of one
    /// account queue up behind it; on SQLite, where writers are serialised, it only rewrites the row
    /// — a column no index or foreign key involves, so nothing else is touched) and throws its unpaid
    /// order, if any. Call it first in the transaction that would create one.
    static func refuseIfAny(userID: Int64, now: Int, in db: Database) throws {
        try User.lockForChanges(userID, in: db)
        if let unpaid = try find(userID: userID, now: now, in: db) { throw unpaid }
    }
}
