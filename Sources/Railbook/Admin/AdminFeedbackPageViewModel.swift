/// The feedback inbox of the back office (`admin/feedback`): one page of feedback, newest first.
struct AdminFeedbackPageViewModel: Encodable {
    /// One piece of feedback.
    struct Row: Encodable {
        let id: String
        /// The account that sent it, or "visitor".
        let account: String
        let category: String
        let categoryText: String
        let text: String
        /// How to reach the sender, or a dash.
        let contact: String
        /// `new` or `handled`.
        let status: String
        let created: String
        let statusText: String
        /// True while it is not handled: the row then has the form to mark it handled.
        let isNew: Bool
    }

    /// Said when the page asked for was not a page number (the first is shown).
    let alert: String?
    /// Said right after a piece of feedback was marked handled.
    let notice: String?
    /// The page shown (from 1), for the forms that mark feedback handled and come back to it.
    let page: String
    let hasFeedback: Bool
    let feedback: [Row]
    /// "Page 2 of 5".
    let pageText: String
    /// The pages before and after this one, when there are.
    let previous: String?
    let next: String?

    /// Page `page` of `pages`, holding `entries`; `isBadPage` when the page asked for was not a page
    /// number, `showsHandled` right after a piece of feedback was marked handled.
    init(entries: [FeedbackList.Entry], page: Int, pages: Int, isBadPage: Bool, showsHandled: Bool, text: TextLookup) {
        alert = isBadPage ? text("admin_desk_bad_page") : nil
        notice = showsHandled ? text("admin_feedback_notice_handled") : nil
        self.page = String(page)
        hasFeedback = !entries.isEmpty
        feedback = entries.map { entry in
            Row(
                id: String(entry.id), account: entry.account ?? text("admin_desk_visitor"), category: entry.category,
                categoryText: FeedbackCategory(rawValue: entry.category).map { text($0.messageKey) } ?? entry.category,
                text: entry.text, contact: entry.contact.isEmpty ? "—" : entry.contact, status: entry.status.rawValue,
                created: ChinaMoment(entry.createdAt).text,
                statusText: text(entry.status == .handled ? "admin_feedback_handled" : "admin_feedback_new"),
                isNew: entry.status != .handled)
        }
        pageText = text("admin_desk_page_of", String(page), String(pages))
        previous = page > 1 ? "/admin/feedback?page=\(page - 1)" : nil
        next = page < pages ? "/admin/feedback?page=\(page + 1)" : nil
    }
}
