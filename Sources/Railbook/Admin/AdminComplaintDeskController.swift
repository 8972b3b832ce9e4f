import HTTP
import Storage

/// The complaint desk's lists: `/admin/complaints` (the queue, filtered by status and category,
/// newest activity first, 50 a page; each complaint is answered on its own page) and
/// `/admin/feedback` (20 a page, each new one with a form to mark it handled).
struct AdminComplaintDeskController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool

    /// Registers the routes on the `admin` group.
    func addRoutes(to admin: AdminRoutes) {
        admin.get("/complaints", use: complaints)
        admin.get("/feedback", use: feedback)
        admin.post("/feedback/:id/handled", use: markHandled)
    }

    func complaints(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let statusText = request.query["status"] ?? "", categoryText = request.query["category"] ?? ""
        let status = Complaint.Status(rawValue: statusText), category = ComplaintCategory(rawValue: categoryText)
        let isBadFilter = (!statusText.isEmpty && status == nil) || (!categoryText.isEmpty && category == nil)
        let requestedPage = PageNumber.parse(request.query["page"])
        let page = requestedPage ?? 1
        let (entries, total) = try database.read { db in
            (
                try ComplaintQueue.entries(status: status, category: category, page: page, in: db),
                try ComplaintQueue.count(status: status, category: category, in: db)
            )
        }
        let pages = PageNumber.count(total: total, pageSize: ComplaintQueue.pageSize)
        let alertKey = isBadFilter ? "admin_desk_bad_filter" : requestedPage == nil ? "admin_desk_bad_page" : nil
        let view = AdminComplaintsPageViewModel(
            entries: entries, status: status, category: category, page: page, pages: pages,
            alertKey: alertKey, text: renderer.texts(context))
        return try renderer.page("admin/complaints", view, context: context, status: alertKey == nil ? .ok : .badRequest)
    }

    func feedback(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let requested = PageNumber.parse(request.query["page"])
        let page = requested ?? 1
        let (entries, total) = try database.read { (try FeedbackList.page(page, in: $0), try FeedbackList.count(in: $0)) }
        let pages = PageNumber.count(total: total, pageSize: FeedbackList.pageSize)
        let view = AdminFeedbackPageViewModel(
            entries: entries, page: page, pages: pages, isBadPage: requested == nil,
            showsHandled: request.query["handled"] != nil, text: renderer.texts(context))
        return try renderer.formPage("admin/feedback", view, context: &context, status: requested == nil ? .badRequest : .ok)
    }

    /// Marks one piece of feedback handled, then returns to the page it was on.
    func markHandled(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let id = try context.parameters.require("id", as: Int64.self)
        let adminID = context.user.id
        let found = try database.write { try FeedbackList.markHandled(id: id, by: adminID, now: context.now, in: $0) }
        guard found else { throw HTTPError(.notFound) }
        let page = PageNumber.parse(request.form["page"]) ?? 1
        return .redirect(to: "/admin/feedback?page=\(page)&handled=1")
    }
}
