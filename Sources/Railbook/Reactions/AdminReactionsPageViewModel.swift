/// The reactions page of the back office (`admin/reactions`): how many reactions wait, and those
/// that keep failing with their attempts, last error and next attempt.
struct AdminReactionsPageViewModel: Encodable {
    /// One reaction that keeps failing.
    struct Row: Encodable {
        let id: String
        /// The kind as stored, and in words (as stored when this version does not know it).
        let kind: String
        let kindText: String
        /// The record it reacts to, with its detail when it has one.
        let subject: String
        let attempts: String
        /// The last error, empty when none was kept.
        let error: String
        let created: String
        /// When it is tried next.
        let next: String
    }

    /// How many reactions wait, failing or not.
    let pending: String
    let hasFailing: Bool
    let failing: [Row]

    /// The page with `pending` reactions waiting, the `failing` ones listed.
    init(failing: [Outbox.Entry], pending: Int, text: TextLookup) {
        self.pending = String(pending)
        hasFailing = !failing.isEmpty
        self.failing = failing.map { entry in
            Row(
                id: String(entry.id), kind: entry.kind, kindText: Self.kindKey(entry.kind).map { text($0) } ?? entry.kind,
                subject: String(entry.subjectID) + (entry.detail.isEmpty ? "" : " · " + entry.detail), attempts: String(entry.attempts),
                error: entry.lastError ?? "", created: ChinaMoment(entry.createdAt).text, next: ChinaMoment(entry.nextAttemptAt).text)
        }
    }

    /// The stored kind of reaction in words; nil for a kind this version does not know.
    private static func kindKey(_ kind: String) -> String? {
        switch kind {
        case "serve_waitlist": "reaction_kind_serve_waitlist"
        case "withdraw_ticket_deliveries": "reaction_kind_withdraw_ticket_deliveries"
        case "withdraw_run_deliveries": "reaction_kind_withdraw_run_deliveries"
        case "notify_payment": "reaction_kind_notify_payment"
        case "send_mail": "reaction_kind_send_mail"
        default: nil
        }
    }
}
