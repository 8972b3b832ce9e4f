import Mustache

/// The complaint queue of the back office (`admin/complaints`): the filter, one page of
/// complaints and the links to the pages around it.
struct AdminComplaintsPageViewModel: MustacheRenderable {
    let entries: [ComplaintQueue.Entry]
    let status: Complaint.Status?
    let category: ComplaintCategory?
    /// The page shown (from 1) and how many there are.
    let page: Int
    let pages: Int
    let alertKey: String?
    let renderer: PageRenderer
    let context: AppContext

    var mustacheValue: MustacheValue {
        let filter = "/admin/complaints?status=\(status?.rawValue ?? "")&category=\(category?.rawValue ?? "")&page="
        let any = renderer.text("admin_desk_any", context)
        return .object([
            "statuses": options([("", any)] + Complaint.Status.allCases.map { ($0.rawValue, renderer.text($0.messageKey, context)) },
                                selected: status?.rawValue ?? ""),
            "categories": options([("", any)] + ComplaintCategory.allCases.map { ($0.rawValue, renderer.text($0.messageKey, context)) },
                                  selected: category?.rawValue ?? ""),
            "alert": alertKey.map { .string(renderer.text($0, context)) } ?? .null,
            "pageText": .string(renderer.messages.text("admin_desk_page_of", context.language, arguments: [String(page), String(pages)])),
            "previous": page > 1 ? .string(filter + String(page - 1)) : .null,
            "next": page < pages ? .string(filter + String(page + 1)) : .null,
            "hasComplaints": .bool(!entries.isEmpty),
            "complaints": .list(entries.map { entry in
                let complaint = entry.complaint
                return .object([
                    "number": .string(complaint.number), "account": .string(entry.account),
                    "status": .string(complaint.status.rawValue), "statusText": .string(renderer.text(complaint.status.messageKey, context)),
                    "category": .string(complaint.category.rawValue),
                    "categoryText": .string(renderer.text(complaint.category.messageKey, context)),
                    "order": .string(complaint.subjectNumber), "orderHref": .string(AdminOrdersController.path(complaint.subjectNumber)),
                    "messages": .string(String(entry.messageCount)),
                    "lastActivity": .string(ComplaintViewModel.dateTime(complaint.updatedAt)),
                ])
            }),
        ])
    }

    private func options(_ values: [(String, String)], selected: String) -> MustacheValue {
        .list(values.map { .object(["value": .string($0.0), "label": .string($0.1), "selected": .bool($0.0 == selected)]) })
    }
}
