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
            "kindText": .string(renderer.text("reaction_kind_" + entry.kind, context)),
            "subject": .string(String(entry.subjectID) + (entry.detail.isEmpty ? "" : " · " + entry.detail)),
            "attempts": .string(String(entry.attempts)),
            "error": .string(entry.lastError ?? ""),
            "created": .string(Self.time(entry.createdAt)),
            "next": .string(Self.time(entry.nextAttemptAt)),
        ])
    }

    private static func time(_ unixTime: Int) -> String {
        ChinaTime.date(at: unixTime).description + " " + ClockTime.format((unixTime + ChinaTime.offsetSeconds) / 60)
    }
}
