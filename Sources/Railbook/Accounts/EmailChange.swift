import Secrets
import Storage

/// A new e-mail address for an account takes effect only when the traveller follows the
/// single-use link mailed to it within 24 hours (`email_confirmations`, by hashed token). An
/// address belongs to one account at most (`users.email` is unique); asking for one that another
/// account has looks the same to whoever asks, and the address's owner is told instead.
enum EmailChange {
    /// How long a confirmation link works.
    static let validSeconds = 24 * 3600

    /// A confirmation waiting for its link.
    struct Pending: Sendable {
        let address: String
        let createdAt: Int
    }

    /// What following a link did.
    enum Outcome: Equatable {
        case confirmed(address: String)
        /// Another account confirmed the address first; nothing changed.
        case taken
        /// The link is unknown, used or expired; nothing changed.
        case invalid
    }

    /// Asks to use `address` for user `userID`, who reads mail in `language`: mails a link to
    /// confirm it, or tells the address's owner that someone asked. Nothing for the address the
    /// account has already.
    static func request(_ address: MailAddress, userID: Int64, language: Language, now: Int, in db: Database) throws {
        // Addresses are compared without case: few mail servers tell `Li@` from `li@`.
        if let owner = try db.queryOne("SELECT id, email FROM users WHERE lower(email) = ? LIMIT 1", [address.text.lowercased()]) {
            if try owner.int64("id") == userID {
                if try owner.optionalString("email") == address.text { return }
            } else {
                var draft = Mail.Draft(.addressInUse)
                // One such mail an hour at most; the key holds a digest, never longer than the column.
                draft.onceKey = "in-use:" + Token.sha256Hex(address.text.lowercased()).prefix(40) + ":\(now / 3600)"
                try Mail.queue(draft, to: address, userID: nil, language: language, now: now, in: db)
                // The asker's page shows the address waiting, as for any other; its link is never sent.
                try db.run(
                    "INSERT INTO email_confirmations (token_hash, user_id, address, created_at) VALUES (?, ?, ?, ?)",
                    [Token.sha256Hex(Token.random()), userID, address.text, now])
                return
            }
        }
        let token = Token.random()
        try db.run(
            "INSERT INTO email_confirmations (token_hash, user_id, address, created_at) VALUES (?, ?, ?, ?)",
            [Token.sha256Hex(token), userID, address.text, now])
        var draft = Mail.Draft(.addressConfirmation)
        draft.secret = token
        try Mail.queue(draft, to: address, userID: userID, language: language, now: now, in: db)
    }

    /// The latest address of user `userID` still waiting for its link at `now`, if any.
    static func pending(userID: Int64, now: Int, in db: Database) throws -> Pending? {
        guard
            let row = try db.queryOne(
                """
                SELECT address, created_at FROM email_confirmations WHERE user_id = ? AND used_at IS NULL AND created_at > ?
                ORDER BY created_at DESC LIMIT 1
                """, [userID, now - validSeconds])
        else { return nil }
        return Pending(address: try row.string("address"), createdAt: try row.int("created_at"))
    }

    /// The account and address a link's `token` confirms at `now`, or nil when it is unknown, used or expired.
    static func find(token: String, now: Int, in db: Database) throws -> (userID: Int64, address: String)? {
        guard !token.isEmpty, token.count <= 100,
            let row = try db.queryOne(
                "SELECT user_id, address FROM email_confirmations WHERE token_hash = ? AND used_at IS NULL AND created_at > ?",
                [Token.sha256Hex(token), now - validSeconds])
        else { return nil }
        return (try row.int64("user_id"), try row.string("address"))
    }

    /// Follows a link: the address becomes the account's, every other link of the account dies,
    /// and the old address (if any) is told of the change.
    static func confirm(token: String, now: Int, in db: Database) throws -> Outcome {
        guard let (userID, text) = try find(token: token, now: now, in: db), let address = MailAddress(text),
            let user = try db.queryOne("SELECT email, language FROM users WHERE id = ?", [userID])
        else { return .invalid }
        let old = try user.optionalString("email").flatMap(MailAddress.init)
        // Another account confirming the same address at the same moment: the unique index keeps one.
        do {
            try db.changeGuardedByUniqueIndex(check: { db in
                if try db.queryOne("SELECT id FROM users WHERE lower(email) = ? AND id <> ? LIMIT 1", [address.text.lowercased(), userID]) != nil {
                    throw AddressTaken()
                }
            }) { db in
                try db.run("UPDATE users SET email = ? WHERE id = ?", [address.text, userID])
            }
        } catch is AddressTaken {
            return .taken
        }
        try cancelPending(userID: userID, now: now, in: db)
        try endResetLinks(userID: userID, now: now, in: db)
        if let old, old != address {
            let language = try user.optionalString("language").flatMap(Language.init(code:)) ?? .standard
            try Mail.queue(.init(.addressChanged, arguments: [address.masked]), to: old, userID: userID, language: language, now: now, in: db)
        }
        return .confirmed(address: address.text)
    }

    /// Ends the links of the user's address changes still waiting (a password change: whoever asked
    /// with the old password must not get the account's mail).
    static func cancelPending(userID: Int64, now: Int, in db: Database) throws {
        try db.run("UPDATE email_confirmations SET used_at = ? WHERE user_id = ? AND used_at IS NULL", [now, userID])
    }

    /// Ends the reset links mailed to the address the account had (it is not the account's any more).
    private static func endResetLinks(userID: Int64, now: Int, in db: Database) throws {
        try db.run("UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL", [now, userID])
    }

    /// Takes the address off the account (the old address is told) and ends its pending links.
    static func remove(userID: Int64, now: Int, in db: Database) throws {
        guard let user = try db.queryOne("SELECT email, language FROM users WHERE id = ?", [userID]) else { return }
        try cancelPending(userID: userID, now: now, in: db)
        guard let old = try user.optionalString("email").flatMap(MailAddress.init) else { return }
        try db.run("UPDATE users SET email = NULL WHERE id = ?", [userID])
        try endResetLinks(userID: userID, now: now, in: db)
        let language = try user.optionalString("language").flatMap(Language.init(code:)) ?? .standard
        try Mail.queue(.init(.addressChanged, arguments: [""]), to: old, userID: userID, language: language, now: now, in: db)
    }

    /// Another account has the address.
    private struct AddressTaken: Error {}

    /// Remembers the language the user reads mail in (the one they use the site in).
    static func setLanguage(_ language: Language, userID: Int64, in db: Database) throws {
        try db.run("UPDATE users SET language = ? WHERE id = ? AND (language IS NULL OR language <> ?)", [language.code, userID, language.code])
    }
}
