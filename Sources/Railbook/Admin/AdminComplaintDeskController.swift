import HTTP
import Mustache
import SQLite

/// The complaint desk's lists: `/admin/complaints` (the queue, filtered by status and category,
/// newest activity first, 50 a page; each complaint is answered on its own page) and
/// `/admin/feedback` (20 a page, each new one with a form to mark it handled).
struct AdminComplaintDeskController: Controller {
    let renderer: PageRenderer
    let database: DatabasePool

    /// Registers the routes on the `admin` group.
    func addRoutes(to admin: RouteGroup<AppContext>) {
        admin.get("/complaints") { request, context in try complaints(request, context) }
        admin.get("/feedback") { request, context in try feedback(request, &context) }
        admin.post("/feedback/:id/handled") { request, context in try markHandled(request, &context) }
    }

    func complaints(_ request: Request, _ context: AppContext) throws -> Response {
        let statusText = request.query["status"] ?? "", categoryText = request.query["category"] ?? ""
        let status = Complaint.Status(rawValue: statusText), category = ComplaintCategory(rawValue: categoryText)
        let isBadFilter = (!statusText.isEmpty && status == nil) || (!categoryText.isEmpty && category == nil)
        let requestedPage = PageNumber.parse(request.query["page"])
        let page = requestedPage ?? 1
        let (entries, total) = try database.read { db in
            (try ComplaintQueue.entries(status: status, category: category, page: page, in: db),
             try ComplaintQueue.count(status: status, category: category, in: db))
        }
        let pages = PageNumber.count(total: total, pageSize: ComplaintQueue.pageSize)
        let filter = "/admin/complaints?status=\(status?.rawValue ?? "")&category=\(category?.rawValue ?? "")&page="
        let alertKey = isBadFilter ? "admin_desk_bad_filter" : requestedPage == nil ? "admin_desk_bad_page" : nil
        func options(_ values: [(String, String)], selected: String) -> MustacheValue {
            .list(values.map { .object(["value": .string($0.0), "label": .string($0.1), "selected": .bool($0.0 == selected)]) })
        }
        let any = renderer.text("admin_desk_any", context)
        return try renderer.page("admin/complaints", [
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
                    "order": .string(complaint.subjectNumber), "messages": .string(String(entry.messageCount)),
                    "lastActivity": .string(ComplaintViewModel.dateTime(complaint.updatedAt)),
                ])
            }),
        ], context: context, status: alertKey == nil ? .ok : .badRequest)
    }

    func feedback(_ request: Request, _ context: inout AppContext) throws -> Response {
        let requested = PageNumber.parse(request.query["page"])
        let page = requested ?? 1
        let (entries, total) = try database.read { (try FeedbackList.page(page, in: $0), try FeedbackList.count(in: $0)) }
        let pages = PageNumber.count(total: total, pageSize: FeedbackList.pageSize)
        return try renderer.formPage("admin/feedback", [
            "alert": requested == nil ? .string(renderer.text("admin_desk_bad_page", context)) : .null,
            "notice": request.query["handled"] != nil ? .string(renderer.text("admin_feedback_notice_handled", context)) : .null,
            "page": .string(String(page)),
            "hasFeedback": .bool(!entries.isEmpty),
            "feedback": .list(entries.map { entry in
                .object([
                    "id": .string(String(entry.id)), "account": .string(entry.account ?? renderer.text("admin_desk_visitor", context)),
                    "category": .string(entry.category),
                    "categoryText": .string(renderer.text("feedback_category_\(entry.category)", context)),
                    "text": .string(entry.text), "contact": .string(entry.contact.isEmpty ? "—" : entry.contact),
                    "status": .string(entry.status), "created": .string(ComplaintViewModel.dateTime(entry.createdAt)),
                    "statusText": .string(renderer.text(entry.status == "handled" ? "admin_feedback_handled" : "admin_feedback_new", context)),
                    "isNew": .bool(entry.status != "handled"),
                ])
            }),
            "pageText": .string(renderer.messages.text("admin_desk_page_of", context.language, arguments: [String(page), String(pages)])),
            "previous": page > 1 ? .string("/admin/feedback?page=\(page - 1)") : .null,
            "next": page < pages ? .string("/admin/feedback?page=\(page + 1)") : .null,
        ], context: &context, status: requested == nil ? .badRequest : .ok)
    }

    /// Marks one piece of feedback handled, then returns to the page it was on.
    func markHandled(_ request: Request, _ context: inout AppContext) throws -> Response {
        guard let id = context.recordID() else { throw HTTPError(.notFound) }
        let adminID = try context.currentUser().id
        let found = try database.write { try FeedbackList.markHandled(id: id, by: adminID, now: context.now, in: $0) }
        guard found else { throw HTTPError(.notFound) }
        let page = PageNumber.parse(request.form["page"]) ?? 1
        return .redirect(to: "/admin/feedback?page=\(page)&handled=1")
    }
}
