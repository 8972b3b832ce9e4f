/// One page of the audit log (`admin/audit`), newest first, with links to the pages around it.
struct AuditPageViewModel: Encodable {
    /// Entries on a page.
    static let pageSize = 50

    /// One entry of the log, in words.
    struct Row: Encodable {
        let id: String
        let account: String
        /// The action as stored, and in words.
        let action: String
        let actionText: String
        let subject: String
        let before: String
        let after: String
        let time: String
    }

    let entries: [Row]
    let hasEntries: Bool
    /// The older and newer pages, when there are.
    let nextHref: String?
    let previousHref: String?

    /// Page `page` (from 1) holding `entries`, worded in the language of `text`.
    init(entries: [AuditLog.Entry], page: Int, text: TextLookup) {
        let wording = AuditText(messages: text.messages, language: text.language)
        self.entries = entries.map { entry in
            Row(
                id: String(entry.id), account: entry.account, action: entry.action, actionText: wording.action(entry.action),
                subject: wording.subject(entry.subject), before: wording.details(entry.before), after: wording.details(entry.after),
                time: ChinaMoment(entry.createdAt).text)
        }
        hasEntries = !entries.isEmpty
        nextHref = entries.count == Self.pageSize ? "/admin/audit?page=\(page + 1)" : nil
        previousHref = page > 1 ? "/admin/audit?page=\(page - 1)" : nil
    }
}
