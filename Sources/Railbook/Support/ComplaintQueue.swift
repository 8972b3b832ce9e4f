import Storage

/// The complaint desk's queue: every user's complaints, newest activity first, optionally only one
/// status and one category.
enum ComplaintQueue {
    /// One complaint in the queue, with who filed it and how long its thread is.
    struct Entry: RowDecodable, Sendable {
        let complaint: Complaint
        let account: String
        let messageCount: Int

        init(row: Row) throws {
            complaint = try Complaint(row: row)
            account = try row.string("account")
            messageCount = try row.int("message_count")
        }
    }

    /// Complaints a page of the queue lists.
    static let pageSize = 50

    /// Page `page` (from 1) of the complaints with `status` and `category` (nil: any), by last
    /// activity, newest first.
    static func entries(status: Complaint.Status?, category: ComplaintCategory?, page: Int = 1, in db: Database) throws -> [Entry] {
        try db.query(
            Entry.self,
            """
            SELECT c.id, c.number, c.user_id, c.subject_kind, c.subject_id, c.subject_number, c.category, c.status,
                   c.contact_preference, c.created_at, c.updated_at, u.account,
                   (SELECT COUNT(*) FROM complaint_messages m WHERE m.complaint_id = c.id) AS message_count
            FROM complaints c JOIN users u ON u.id = c.user_id
            WHERE (CAST(?1 AS TEXT) IS NULL OR c.status = ?1) AND (CAST(?2 AS TEXT) IS NULL OR c.category = ?2)
            ORDER BY c.updated_at DESC, c.id DESC LIMIT ?3 OFFSET ?4
            """, filter(status, category) + [pageSize, (max(page, 1) - 1) * pageSize])
    }

    /// How many complaints have `status` and `category` (nil: any).
    static func count(status: Complaint.Status?, category: ComplaintCategory?, in db: Database) throws -> Int {
        try db.queryOne(
            """
            SELECT COUNT(*) AS complaints FROM complaints c WHERE (CAST(?1 AS TEXT) IS NULL OR c.status = ?1) AND (CAST(?2 AS TEXT) IS NULL OR c.category = ?2)
            """, filter(status, category))?.int("complaints") ?? 0
    }

    private static func filter(_ status: Complaint.Status?, _ category: ComplaintCategory?) -> [any SQLBindable] {
        [status, category]
    }
}
