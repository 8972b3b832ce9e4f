import Storage

/// Feedback (意见反馈) sent from `/feedback` by anyone, logged in or not. It is stored with status
/// `new` for the complaint desk. A sender may send at most `limit` within `window` seconds: a
/// logged-in user counted by account, a visitor by network address.
enum Feedback {
    /// Where a piece of feedback is: waiting for the desk, or handled by an administrator.
    enum Status: String, SQLBindable, Sendable {
        case new
        case handled
    }

    static let limit = 5
    static let window = 10 * 60

    /// Thrown when the sender has reached the limit; `waitSeconds` until they may send again.
    struct TooMany: Error {
        let waitSeconds: Int
    }

    /// Stores `details` from the user `userID` (nil for a visitor) at network `address` and returns
    /// the new id. Throws `TooMany` when the sender has sent `limit` within the window. Call inside a
    /// write transaction, so the count and the insert see the same data.
    static func submit(_ details: FeedbackForm, userID: Int64?, address: String, now: Int, in db: Database) throws -> Int64 {
        let wait = try waitSeconds(userID: userID, address: address, now: now, in: db)
        guard wait == 0 else { throw TooMany(waitSeconds: wait) }
        return try db.insert(
            """
            INSERT INTO feedback (user_id, category, text, contact, address, created_at, status)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            RETURNING id
            """,
            [
                userID, details.category, details.text, details.contact,
                String(address.prefix(64)), now, Status.new,
            ])
    }

    /// Seconds until the sender may send again, or 0 when they may send now.
    static func waitSeconds(userID: Int64?, address: String, now: Int, in db: Database) throws -> Int {
        let since = now - window
        let rows =
            if let userID {
                try db.query(
                    """
                    SELECT created_at FROM feedback WHERE user_id = ? AND created_at > ? ORDER BY created_at DESC LIMIT \(limit)
                    """, [userID, since])
            } else {
                try db.query(
                    """
                    SELECT created_at FROM feedback WHERE user_id IS NULL AND address = ? AND created_at > ?
                    ORDER BY created_at DESC LIMIT \(limit)
                    """, [String(address.prefix(64)), since])
            }
        guard rows.count >= limit, let oldest = rows.last else { return 0 }
        return max(try oldest.int("created_at") + window - now, 1)
    }
}

/// What a piece of feedback is about.
enum FeedbackCategory: String, CaseIterable, Sendable {
    case suggestion
    case websiteProblem = "website_problem"
    case praise
    case other

    /// The message-catalog key of its name.
    var messageKey: String {
        switch self {
        case .suggestion: "feedback_category_suggestion"
        case .websiteProblem: "feedback_category_website_problem"
        case .praise: "feedback_category_praise"
        case .other: "feedback_category_other"
        }
    }
}
