import Storage

/// A message from the railway to one user (a cancelled or delayed train, a payment, a waitlist, an
/// answer…), shown on their "My" page. The text lives in the catalogs: `textKey` with `arguments`
/// filled into its placeholders; when `textKey` is a plural entry, the last argument is the count
/// its form follows (the minutes of a delay). `link` is the same-site page it is about, if any.
struct Notice: RowDecodable, Sendable {
    let id: Int64
    let userID: Int64
    let textKey: String
    let arguments: [String]
    let createdAt: Int
    /// When the user saw it on their "My" page; nil while unread.
    let readAt: Int?
    /// The page the notice is about (an order, a complaint), or nil.
    let link: String?

    /// Arguments are stored one per line; they are train numbers, dates and minutes, never multi-line.
    private static let separator: Character = "\n"

    init(row: Row) throws {
        id = try row.int64("id")
        userID = try row.int64("user_id")
        textKey = try row.string("text_key")
        arguments = try row.string("arguments").split(separator: Notice.separator, omittingEmptySubsequences: false).map(String.init)
        createdAt = try row.int("created_at")
        readAt = try row.optionalInt("read_at")
        link = try row.optionalString("link")
    }

    /// Sends the notice `textKey` with `arguments` to each of `userIDs` (each once), linking to the
    /// same-site path `link` when given; a notice of a topic travellers hear about by mail
    /// (`MailTopic.of(notice:)`) is mailed to them too, by the same transaction.
    static func send(
        _ textKey: String, arguments: [String], to userIDs: Set<Int64>, link: String? = nil, now: Int,
        in db: Database
    ) throws {
        let joined = arguments.joined(separator: String(separator))
        for userID in userIDs.sorted() {
            try db.run(
                "INSERT INTO notices (user_id, text_key, arguments, created_at, link) VALUES (?, ?, ?, ?, ?)",
                [userID, textKey, joined, now, link.map { SafePath.validated($0) }])
            if let topic = MailTopic.of(notice: textKey) {
                var draft = Mail.Draft(.notice, topic: topic, arguments: arguments, link: link)
                draft.textKey = textKey
                try Mail.queue(draft, toUser: userID, now: now, in: db)
            }
        }
    }

    /// The user's latest notices, newest first.
    static func latest(userID: Int64, limit: Int = 10, in db: Database) throws -> [Notice] {
        try db.query(
            Notice.self,
            """
            SELECT id, user_id, text_key, arguments, created_at, read_at, link FROM notices WHERE user_id = ? ORDER BY id DESC LIMIT ?
            """, [userID, limit])
    }

    /// Marks the user's notices up to `newestID` read at `now` (the "My" page shows the newest, and
    /// older ones can no longer be reached); returns how many were unread.
    @discardableResult
    static func markRead(userID: Int64, upTo newestID: Int64, now: Int, in db: Database) throws -> Int {
        try db.run("UPDATE notices SET read_at = ? WHERE user_id = ? AND read_at IS NULL AND id <= ?", [now, userID, newestID])
    }
}
