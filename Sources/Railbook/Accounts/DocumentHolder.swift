import Storage

/// Another account that keeps a user's own document among its saved passengers (常用联系人), as the
/// user's My page lists it: the account's name (shown masked), since when, and the saved entry the
/// user may remove from that account. Tickets that account already bought stay as they are.
struct DocumentHolder: Sendable {
    /// The other account's saved-passenger entry.
    let passengerID: Int64
    let account: String
    /// When the entry was saved, as Unix seconds.
    let since: Int

    /// The accounts other than `user`'s that hold `user`'s document, oldest first; none when the
    /// user has no document.
    static func all(holding user: User, in db: Database) throws -> [DocumentHolder] {
        guard let type = user.certificateType, let number = user.certificateNumber else { return [] }
        return try db.query(
            """
            SELECT p.id, u.account, p.created_at FROM passengers p JOIN users u ON u.id = p.user_id
            WHERE p.certificate_type = ? AND p.certificate_number = ? AND p.user_id <> ? ORDER BY p.created_at, p.id
            """, [type.rawValue, number, user.id]
        ).map { row in
            DocumentHolder(passengerID: try row.int64("id"), account: try row.string("account"), since: try row.int("created_at"))
        }
    }

    /// Removes the entry `passengerID` holding `user`'s document from the other account, which gets
    /// a notice; false when there is no such entry (another document, the user's own, unknown).
    static func remove(passengerID: Int64, holding user: User, now: Int, in db: Database) throws -> Bool {
        guard let type = user.certificateType, let number = user.certificateNumber,
            let row = try db.queryOne(
                """
                SELECT user_id FROM passengers WHERE id = ? AND certificate_type = ? AND certificate_number = ? AND user_id <> ?
                AND is_account_holder = 0
                """, [passengerID, type.rawValue, number, user.id])
        else { return false }
        let holderID = try row.int64("user_id")
        try db.run("DELETE FROM passengers WHERE id = ? AND user_id = ?", [passengerID, holderID])
        try Notice.send(
            "notice_passenger_removed_by_owner", arguments: [user.name], to: [holderID], link: "/me/passengers", now: now,
            in: db)
        return true
    }
}
