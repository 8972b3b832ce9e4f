import Storage

/// Feedback for the complaint desk, newest first, a page at a time.
enum FeedbackList {
    /// One piece of feedback with the sender's account (nil for a visitor).
    struct Entry: RowDecodable, Sendable {
        let id: Int64
        let account: String?
        let category: String
        let text: String
        let contact: String
        let status: Feedback.Status
        let createdAt: Int

        init(row: Row) throws {
            id = try row.int64("id")
            account = try row.optionalString("account")
            category = try row.string("category")
            text = try row.string("text")
            contact = try row.string("contact")
            status = try row.decode(Feedback.Status.self, "status")
            createdAt = try row.int("created_at")
        }
    }

    /// Entries on one page.
    static let pageSize = 20

    /// Page `page` (from 1) of all feedback, newest first.
    static func page(_ page: Int, in db: Database) throws -> [Entry] {
        try UncheckedArgument.require(page >= 1, "pages start at 1")
        return try db.query(
            Entry.self,
            """
            SELECT f.id, u.account, f.category, f.text, f.contact, f.status, f.created_at
            FROM feedback f LEFT JOIN users u ON u.id = f.user_id
            ORDER BY f.created_at DESC, f.id DESC LIMIT ? OFFSET ?
            """, [pageSize, (page - 1) * pageSize])
    }

    /// How many pieces of feedback there are.
    static func count(in db: Database) throws -> Int {
        try db.queryOne("SELECT COUNT(*) AS count FROM feedback")?.int("count") ?? 0
    }

    /// Marks feedback `id` handled by administrator `adminID`, recording it in the audit log
    /// (`feedback.handled`); feedback already handled stays as it is. Returns false when there is no such feedback.
    static func markHandled(id: Int64, by adminID: Int64, now: Int, in db: Database) throws -> Bool {
        guard let row = try db.queryOne("SELECT status FROM feedback WHERE id = ?", [id]) else { return false }
        let status = try row.decode(Feedback.Status.self, "status")
        guard status != .handled else { return true }
        guard try db.run("UPDATE feedback SET status = ?1 WHERE id = ?2 AND status <> ?1", [Feedback.Status.handled, id]) == 1 else {
            return true
        }
        try AuditLog.record(
            userID: adminID, action: "feedback.handled", subject: "feedback \(id)",
            before: "status=\(status.rawValue)", after: "status=\(Feedback.Status.handled.rawValue)", now: now, in: db)
        return true
    }
}
