import HTTP
import Storage

/// `/admin/announcements`: the notices to every traveller that the home page shows (公告): post one
/// in Chinese and English, or retire one to take it off the home page. Administrators only.
struct AdminAnnouncementsController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool

    /// Registers the routes on the `admin` group.
    func addRoutes(to admin: AdminRoutes) {
        admin.get("/announcements", use: index)
        admin.post("/announcements", use: post)
        admin.post("/announcements/:id/retire", use: retire)
    }

    func index(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let noticeKey: String? =
            switch request.query["notice"] {
            case "posted": "announcement_notice_posted"
            case "retired": "announcement_notice_retired"
            default: nil
            }
        return try page(form: AnnouncementForm(), errors: FormErrors(), noticeKey: noticeKey, &context)
    }

    func post(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let adminID = context.user.id
        let form = AnnouncementForm(form: request.form)
        switch form.check() {
        case .failure(let problems):
            return try page(form: form, errors: problems.errors, noticeKey: nil, &context, status: .unprocessableContent)
        case .success(let text):
            _ = try database.write { try Announcement.post(text, by: adminID, now: context.now, in: $0) }
            return .redirect(to: "/admin/announcements?notice=posted")
        }
    }

    func retire(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let id = try context.parameters.require("id", as: Int64.self)
        let adminID = context.user.id
        guard try database.write({ try Announcement.retire(id: id, by: adminID, now: context.now, in: $0) }) else {
            throw HTTPError(.notFound)
        }
        return .redirect(to: "/admin/announcements?notice=retired")
    }

    private func page(
        form: AnnouncementForm, errors: FormErrors, noticeKey: String?, _ context: inout AdminContext,
        status: Status = .ok
    ) throws -> Response {
        let announcements = try database.read { try Announcement.latest(in: $0) }
        let page = AdminAnnouncementsPageViewModel(
            announcements: announcements, form: form, errors: errors, noticeKey: noticeKey,
            text: renderer.texts(context))
        return try renderer.formPage("admin/announcements", page, context: &context, status: status)
    }
}
