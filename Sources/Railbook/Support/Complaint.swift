import Storage

/// A complaint (投诉) a user filed about one of their ticket or shop orders. Its thread of
/// `ComplaintMessage`s starts with the complaint text. Resolved is final: nobody adds to a resolved
/// complaint or reopens it; something new needs a new complaint.
struct Complaint: RowDecodable, Sendable {
    /// Where a complaint is in its handling.
    enum Status: String, SQLBindable, CaseIterable, Sendable {
        /// Filed, not yet taken up by staff.
        case submitted
        /// Staff have replied or taken it up.
        case inProgress = "in_progress"
        /// Closed for good.
        case resolved

        /// The message-catalog key of its name.
        var messageKey: String {
            switch self {
            case .submitted: "complaint_status_submitted"
            case .inProgress: "complaint_status_in_progress"
            case .resolved: "complaint_status_resolved"
            }
        }
    }

    let id: Int64
    let number: String
    let userID: Int64
    let subjectKind: ComplaintSubject.Kind
    let subjectID: Int64
    /// The order number as the user knows it (`E123456789`).
    let subjectNumber: String
    let category: ComplaintCategory
    let status: Status
    let contactPreference: ComplaintContactPreference
    let createdAt: Int
    /// The last message or status change: the list's "last activity".
    let updatedAt: Int

    /// The columns `init(row:)` reads, for SELECT lists.
    static let columns = """
        id, number, user_id, subject_kind, subject_id, subject_number, category, status, contact_preference, created_at, updated_at
        """

    init(row: Row) throws {
        id = try row.int64("id")
        number = try row.string("number")
        userID = try row.int64("user_id")
        subjectKind = try row.decode(ComplaintSubject.Kind.self, "subject_kind")
        subjectID = try row.int64("subject_id")
        subjectNumber = try row.string("subject_number")
        category = try row.decode(ComplaintCategory.self, "category")
        status = try row.decode(Status.self, "status")
        contactPreference = try row.decode(ComplaintContactPreference.self, "contact_preference")
        createdAt = try row.int("created_at")
        updatedAt = try row.int("updated_at")
    }

    /// True once the complaint is closed for good.
    var isResolved: Bool { status == .resolved }
}

extension Complaint {
    /// The user's complaints, newest first.
    static func list(for userID: Int64, in db: Database) throws -> [Complaint] {
        try db.query(
            Complaint.self, "SELECT \(columns) FROM complaints WHERE user_id = ? ORDER BY created_at DESC, id DESC",
            [userID])
    }

    /// The user's complaint numbered `number`, or nil (also when it is someone else's).
    static func find(number: String, userID: Int64, in db: Database) throws -> Complaint? {
        try db.queryOne(
            Complaint.self, "SELECT \(columns) FROM complaints WHERE number = ? AND user_id = ?",
            [number, userID])
    }

    /// Any user's complaint numbered `number`, for the complaint desk; nil when there is none.
    static func find(number: String, in db: Database) throws -> Complaint? {
        try db.queryOne(Complaint.self, "SELECT \(columns) FROM complaints WHERE number = ?", [number])
    }

    /// The complaint with `id`, or nil.
    static func find(id: Int64, in db: Database) throws -> Complaint? {
        try db.queryOne(Complaint.self, "SELECT \(columns) FROM complaints WHERE id = ?", [id])
    }

    /// The complaints about one order (`kind` and its row id), newest first, for the back office's order page.
    static func about(_ kind: ComplaintSubject.Kind, subjectID: Int64, in db: Database) throws -> [Complaint] {
        try db.query(
            Complaint.self,
            """
            SELECT \(columns) FROM complaints WHERE subject_kind = ? AND subject_id = ? ORDER BY created_at DESC, id DESC
            """, [kind, subjectID])
    }
}
