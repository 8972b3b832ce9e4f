import Storage

/// A notice from the administrators to every traveller (公告: a timetable change, a holiday rush,
/// works), written in Chinese and English and shown on the home page from when it is posted until
/// an administrator retires it. Posting and retiring are recorded in the audit log.
struct Announcement: RowDecodable, Sendable {
    let id: Int64
    let text: LocalizedText
    let postedAt: Int
    /// When it was taken off the home page; nil while shown.
    let retiredAt: Int?

    /// The longest text in either language, in characters.
    static let maximumLength = 300
    /// How many the home page shows, newest first.
    static let homePageLimit = 5

    var isShown: Bool { retiredAt == nil }

    init(row: Row) throws {
        id = try row.int64("id")
        text = LocalizedText(chinese: try row.string("text_zh"), english: try row.string("text_en"))
        postedAt = try row.int("posted_at")
        retiredAt = try row.optionalInt("retired_at")
    }

    private static let columns = "id, text_zh, text_en, posted_at, retired_at"

    /// Those shown now, newest first.
    static func shown(limit: Int = homePageLimit, in db: Database) throws -> [Announcement] {
        try db.query(
            Announcement.self, "SELECT \(columns) FROM announcements WHERE retired_at IS NULL ORDER BY posted_at DESC, id DESC LIMIT ?",
            [limit])
    }

    /// The latest ones, shown or retired, newest first (the back office's list).
    static func latest(limit: Int = 50, in db: Database) throws -> [Announcement] {
        try db.query(Announcement.self, "SELECT \(columns) FROM announcements ORDER BY id DESC LIMIT ?", [limit])
    }

    /// Posts a checked `text` for administrator `adminID`; audited as `announcement.post`. Returns the new id.
    @discardableResult
    static func post(_ text: LocalizedText, by adminID: Int64, now: Int, in db: Database) throws -> Int64 {
        try UncheckedArgument.require(
            !text.chinese.isEmpty && !text.english.isEmpty
                && max(text.chinese.count, text.english.count) <= maximumLength, "checked texts only")
        let id = try db.insert(
            "INSERT INTO announcements (text_zh, text_en, posted_by, posted_at) VALUES (?, ?, ?, ?) RETURNING id",
            [text.chinese, text.english, adminID, now])
        try AuditLog.record(
            userID: adminID, action: "announcement.post", subject: "announcement \(id)", before: "shown=no",
            after: "shown=yes", now: now, in: db)
        return id
    }

    /// Takes announcement `id` off the home page for administrator `adminID`; false when there is no
    /// such announcement still shown. Audited as `announcement.retire`.
    static func retire(id: Int64, by adminID: Int64, now: Int, in db: Database) throws -> Bool {
        guard
            try db.run(
                "UPDATE announcements SET retired_at = ?, retired_by = ? WHERE id = ? AND retired_at IS NULL",
                [now, adminID, id]) == 1
        else { return false }
        try AuditLog.record(
            userID: adminID, action: "announcement.retire", subject: "announcement \(id)", before: "shown=yes",
            after: "shown=no", now: now, in: db)
        return true
    }
}
