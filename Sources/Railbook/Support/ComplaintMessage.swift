import Storage

/// One message of a complaint's thread: the complaint text itself (the first), or a later reply
/// from the customer or from staff.
struct ComplaintMessage: RowDecodable, Sendable {
    /// Who wrote a message.
    enum Author: String, SQLBindable, Sendable {
        case customer, staff
    }

    let id: Int64
    let complaintID: Int64
    let author: Author
    /// The writer's account (nil once that account is gone). Staff names are never shown.
    let authorUserID: Int64?
    /// Trimmed, line breaks as `\n`.
    let text: String
    let createdAt: Int

    /// The columns `init(row:)` reads, for SELECT lists.
    static let columns = "id, complaint_id, author_kind, author_user_id, text, created_at"

    /// Replies are 1–2000 characters (the complaint text itself 10–2000, see `ComplaintForm`).
    static let textLengths = 1...2000

    init(row: Row) throws {
        id = try row.int64("id")
        complaintID = try row.int64("complaint_id")
        author = try row.decode(Author.self, "author_kind")
        authorUserID = try row.optionalInt64("author_user_id")
        text = try row.string("text")
        createdAt = try row.int("created_at")
    }

    /// The thread of complaint `complaintID`, oldest first.
    static func thread(of complaintID: Int64, in db: Database) throws -> [ComplaintMessage] {
        try db.query(
            ComplaintMessage.self, "SELECT \(columns) FROM complaint_messages WHERE complaint_id = ? ORDER BY created_at, id",
            [complaintID])
    }

    /// Appends a message to the thread of complaint `complaintID`. The callers (`Complaint` and
    /// `ComplaintDesk`) check who may write and that the complaint is still open.
    static func add(to complaintID: Int64, author: Author, userID: Int64, text: String, now: Int, in db: Database) throws {
        try db.run(
            """
            INSERT INTO complaint_messages (complaint_id, author_kind, author_user_id, text, created_at) VALUES (?, ?, ?, ?, ?)
            """, [complaintID, author.rawValue, userID, text, now])
    }
}
