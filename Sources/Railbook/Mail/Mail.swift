import Secrets
import Storage

/// One mail to a traveller (`mails`): written by the transaction of the change it reports, with
/// an outbox entry that sends it (`Reaction.sendMail`), so a mail is neither lost when the process
/// dies after the commit nor sent for a change that was rolled back. What it says is kept as a
/// kind, a catalog key and arguments, and written in the recipient's language when it is sent
/// (`MailComposer`); its `Message-ID` and date are fixed here, so every attempt sends the same
/// message. A link's token (`secret`) is kept only until the mail is sent.
struct Mail: RowDecodable, Sendable {
    /// Where a mail is.
    enum Status: String, SQLBindable, Sendable {
        case queued, sent
    }

    let id: Int64
    let userID: Int64?
    let recipient: String
    let language: Language
    let kind: MailKind
    let topic: MailTopic
    let textKey: String
    let arguments: [String]
    let link: String?
    let secret: String?
    let messageID: String
    let createdAt: Int
    let status: Status
    let attempts: Int
    let sentAt: Int?
    let lastError: String?
    /// The request that queued the mail (`RequestID`), when a request did.
    let requestID: String?

    static let columns = """
        id, user_id, recipient, language, kind, topic, text_key, arguments, link, secret, message_id, created_at, status,
        attempts, sent_at, last_error, request_id
        """

    /// Arguments are stored one per line, as a notice's are.
    private static let separator = "\n"

    init(row: Row) throws {
        id = try row.int64("id")
        userID = try row.optionalInt64("user_id")
        recipient = try row.string("recipient")
        language = Language(code: try row.string("language")) ?? .standard
        kind = try row.decode(MailKind.self, "kind")
        topic = try row.decode(MailTopic.self, "topic")
        textKey = try row.string("text_key")
        arguments = try row.string("arguments").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        link = try row.optionalString("link")
        secret = try row.optionalString("secret")
        messageID = try row.string("message_id")
        createdAt = try row.int("created_at")
        status = try row.decode(Status.self, "status")
        attempts = try row.int("attempts")
        sentAt = try row.optionalInt("sent_at")
        lastError = try row.optionalString("last_error")
        requestID = try row.optionalString("request_id")
    }

    /// What to queue: a kind, its text and arguments, the page it links to and a link's token.
    struct Draft {
        var kind: MailKind
        var topic: MailTopic
        var textKey = ""
        var arguments: [String] = []
        var link: String?
        var secret: String?
        /// Set for a mail that must be queued once whoever asks (a reminder per order): a second
        /// draft with the same key is dropped.
        var onceKey: String?

        init(_ kind: MailKind, topic: MailTopic? = nil, arguments: [String] = [], link: String? = nil) {
            self.kind = kind
            self.topic = topic ?? kind.fixedTopic ?? .security
            self.arguments = arguments
            self.link = link
        }
    }

    /// Queues `draft` for the user `userID` at their confirmed address, unless they have none or
    /// turned the draft's topic off; returns the mail's id, or nil when nothing was queued. Call it
    /// in the transaction of the change the mail reports.
    @discardableResult
    static func queue(_ draft: Draft, toUser userID: Int64, now: Int, in db: Database) throws -> Int64? {
        guard let row = try db.queryOne("SELECT email, language FROM users WHERE id = ?", [userID]),
            let address = try row.optionalString("email").flatMap(MailAddress.init)
        else { return nil }
        if draft.topic != .security,
            try db.queryOne("SELECT 1 AS off FROM mail_optouts WHERE user_id = ? AND topic = ?", [userID, draft.topic]) != nil
        {
            return nil
        }
        let language = try row.optionalString("language").flatMap(Language.init(code:)) ?? .standard
        return try queue(draft, to: address, userID: userID, language: language, now: now, in: db)
    }

    /// Queues `draft` to `address` in `language` (a new address to confirm, an old one told of a
    /// change); returns the mail's id, or nil when a mail with its `onceKey` was queued before.
    @discardableResult
    static func queue(_ draft: Draft, to address: MailAddress, userID: Int64?, language: Language, now: Int, in db: Database) throws
        -> Int64?
    {
        let messageID = "<" + Token.random(byteCount: 12) + "." + String(now) + "@railbook.mail>"
        let insert = """
            INSERT INTO mails (user_id, recipient, language, kind, topic, text_key, arguments, link, secret, message_id, once_key, created_at, status,
                               request_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        let values: [any SQLBindable] = [
            userID, address.text, language.code, draft.kind, draft.topic, draft.textKey, draft.arguments.joined(separator: separator),
            draft.link.map { SafePath.validated($0) }, draft.secret, messageID, draft.onceKey, now, Status.queued, ServerLog.requestID,
        ]
        let id: Int64
        if draft.onceKey != nil {
            guard let inserted = try db.queryOne(insert + " ON CONFLICT (once_key) DO NOTHING RETURNING id", values) else { return nil }
            id = try inserted.int64("id")
        } else {
            id = try db.insert(insert + " RETURNING id", values)
        }
        try Outbox.add(.sendMail(mailID: id), now: now, in: db)
        return id
    }

    /// How many mails wait to be sent, and how long the oldest has waited (0 for none).
    static func backlog(now: Int, in db: Database) throws -> (waiting: Int, oldestSeconds: Int) {
        guard let row = try db.queryOne("SELECT COUNT(*) AS waiting, MIN(created_at) AS oldest FROM mails WHERE status = ?", [Status.queued])
        else { return (0, 0) }
        return (try row.int("waiting"), try row.optionalInt("oldest").map { max(0, now - $0) } ?? 0)
    }

    /// Whether a mail written before `mail` to the same address is still waiting to be sent.
    static func hasEarlierQueued(than mail: Mail, in db: Database) throws -> Bool {
        try db.queryOne(
            "SELECT 1 AS waiting FROM mails WHERE recipient = ? AND status = ? AND id < ? LIMIT 1", [mail.recipient, Status.queued, mail.id])
            != nil
    }

    /// The mail with `id`, or nil.
    static func find(id: Int64, in db: Database) throws -> Mail? {
        try db.queryOne(Mail.self, "SELECT \(columns) FROM mails WHERE id = ?", [id])
    }

    /// The latest mails, newest first, for the administrators' page.
    static func latest(limit: Int, offset: Int = 0, in db: Database) throws -> [Mail] {
        try db.query(Mail.self, "SELECT \(columns) FROM mails ORDER BY id DESC LIMIT ? OFFSET ?", [limit, offset])
    }

    /// Marks the mail sent and forgets its link's token; false when it was sent before.
    static func markSent(_ id: Int64, now: Int, in db: Database) throws -> Bool {
        try db.run("UPDATE mails SET status = ?, sent_at = ?, secret = NULL WHERE id = ? AND status = ?", [Status.sent, now, id, Status.queued])
            == 1
    }

    /// Counts a failed attempt at sending the mail, with why.
    static func recordFailure(_ id: Int64, error: String, in db: Database) throws {
        try db.run("UPDATE mails SET attempts = attempts + 1, last_error = ? WHERE id = ?", [String(error.prefix(500)), id])
    }
}
