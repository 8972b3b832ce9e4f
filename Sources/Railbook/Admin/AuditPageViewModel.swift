import Mustache

/// One page of the audit log (`admin/audit`), newest first, with links to the pages around it.
struct AuditPageViewModel: MustacheRenderable {
    /// Entries on a page.
    static let pageSize = 50

    let entries: [AuditLog.Entry]
    /// The page number, from 1.
    let page: Int
    let wording: AuditText

    var mustacheValue: MustacheValue {
        .object([
            "entries": .list(entries.map { entry in
                .object([
                    "id": .string(String(entry.id)), "account": .string(entry.account), "action": .string(entry.action),
                    "actionText": .string(wording.action(entry.action)), "subject": .string(wording.subject(entry.subject)),
                    "before": .string(wording.details(entry.before)), "after": .string(wording.details(entry.after)),
                    "time": .string(ChinaTime.date(at: entry.createdAt).description + " "
                                    + ClockTime.format((entry.createdAt + ChinaTime.offsetSeconds) / 60)),
                ])
            }),
            "hasEntries": .bool(!entries.isEmpty),
            "nextHref": entries.count == Self.pageSize ? .string("/admin/audit?page=\(page + 1)") : .null,
            "previousHref": page > 1 ? .string("/admin/audit?page=\(page - 1)") : .null,
        ])
    }
}
