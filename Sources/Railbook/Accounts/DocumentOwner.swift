import Storage

/// The account a document is registered to: the account holder's own certificate (each document
/// registers one account at most). Another account may save that document as a passenger only under
/// the owner's registered name, and the owner's own bookings are not held back by other accounts'
/// unpaid holds for it (`TripClash`).
struct DocumentOwner: Sendable, Equatable {
    let userID: Int64
    /// The name registered with the document, exactly.
    let name: String

    /// The owner of document `type` `number`, or nil when no account is registered with it.
    static func find(type: String, number: String, in db: Database) throws -> DocumentOwner? {
        try db.queryOne(
            "SELECT id, name FROM users WHERE certificate_type = ? AND certificate_number = ?",
            [type, number]
        ).map { DocumentOwner(userID: try $0.int64("id"), name: try $0.string("name")) }
    }

    /// True when an account other than `userID` owns the document and is registered under another name
    /// than `name`: such a passenger may not be saved or travel from `userID`'s account.
    static func refusesName(_ name: String, type: String, number: String, forAccount userID: Int64, in db: Database) throws -> Bool {
        guard let owner = try find(type: type, number: number, in: db), owner.userID != userID else { return false }
        return owner.name != name
    }
}
