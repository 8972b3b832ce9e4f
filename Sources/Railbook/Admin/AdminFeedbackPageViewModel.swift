import Mustache

/// The feedback inbox of the back office (`admin/feedback`): one page of feedback, newest first.
struct AdminFeedbackPageViewModel: MustacheRenderable {
    let entries: [FeedbackList.Entry]
    /// The page shown (from 1) and how many there are.
    let page: Int
    let pages: Int
    /// True when the page asked for was not a page number (the first is shown, with an alert).
    let isBadPage: Bool
    /// True right after a piece of feedback was marked handled.
    let showsHandled: Bool
    let renderer: PageRenderer
    let context: AppContext

    var mustacheValue: MustacheValue {
        .object([
            "alert": isBadPage ? .string(renderer.text("admin_desk_bad_page", context)) : .null,
            "notice": showsHandled ? .string(renderer.text("admin_feedback_notice_handled", context)) : .null,
            "page": .string(String(page)),
            "hasFeedback": .bool(!entries.isEmpty),
            "feedback": .list(entries.map { entry in
                .object([
                    "id": .string(String(entry.id)), "account": .string(entry.account ?? renderer.text("admin_desk_visitor", context)),
                    "category": .string(entry.category),
                    "categoryText": .string(renderer.text("feedback_category_\(entry.category)", context)),
                    "text": .string(entry.text), "contact": .string(entry.contact.isEmpty ? "—" : entry.contact),
                    "status": .string(entry.status.rawValue), "created": .string(ComplaintViewModel.dateTime(entry.createdAt)),
                    "statusText": .string(renderer.text(entry.status == .handled ? "admin_feedback_handled" : "admin_feedback_new", context)),
                    "isNew": .bool(entry.status != .handled),
                ])
            }),
            "pageText": .string(renderer.messages.text("admin_desk_page_of", context.language, arguments: [String(page), String(pages)])),
            "previous": page > 1 ? .string("/admin/feedback?page=\(page - 1)") : .null,
            "next": page < pages ? .string("/admin/feedback?page=\(page + 1)") : .null,
        ])
    }
}
