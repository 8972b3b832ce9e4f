import Mustache

/// The reactions page of the back office (`admin/reactions`): how many reactions wait, and those
/// that keep failing with their attempts, last error and next attempt.
struct AdminReactionsPageViewModel: MustacheRenderable {
    let failing: [Outbox.Entry]
    let pending: Int
    let renderer: PageRenderer
    let context: AppContext

    var mustacheValue: MustacheValue {
        .object([
            "pending": .string(String(pending)),
            "hasFailing": .bool(!failing.isEmpty),
            "failing": .list(failing.map(row)),
        ])
    }

    private func row(_ entry: Outbox.Entry) -> MustacheValue {
        .object([
            "id": .string(String(entry.id)),
            "kind": .string(entry.kind),
            "kindText": .string(Self.kindKey(entry.kind).map { renderer.text($0, context) } ?? entry.kind),
            "subject": .string(String(entry.subjectID) + (entry.detail.isEmpty ? "" : " · " + entry.detail)),
            "attempts": .string(String(entry.attempts)),
            "error": .string(entry.lastError ?? ""),
            "created": .string(Self.time(entry.createdAt)),
            "next": .string(Self.time(entry.nextAttemptAt)),
        ])
    }

    /// The stored kind of reaction in words; nil for a kind this version does not know.
    private static func kindKey(_ kind: String) -> String? {
        switch kind {
        case "serve_waitlist": "reaction_kind_serve_waitlist"
        case "withdraw_ticket_deliveries": "reaction_kind_withdraw_ticket_deliveries"
        case "withdraw_run_deliveries": "reaction_kind_withdraw_run_deliveries"
        case "notify_payment": "reaction_kind_notify_payment"
        default: nil
        }
    }

    private static func time(_ unixTime: Int) -> String {
        ChinaTime.date(at: unixTime).description + " " + ClockTime.format((unixTime + ChinaTime.offsetSeconds) / 60)
    }
}
