import HTTP
import Storage

/// `/admin/exports`: the back office downloads ticket sales, refunds, changes, shop orders or
/// complaints of a range of days as CSV (UTF-8 with a byte order mark, so that spreadsheet
/// programs read the Chinese names), made while it is sent (`ExportStream`), document numbers
/// masked. Each download is written to the audit log first.
struct AdminExportsController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool

    /// The most days one export covers: a year.
    static let longestRange = 366

    func addRoutes(to admin: AdminRoutes) {
        admin.get("/exports", use: form)
        admin.post("/exports", use: download)
    }

    /// The form, for the last seven days of ticket sales.
    func form(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let today = context.today
        let page = AdminExportsPageViewModel(
            kind: ExportKind.tickets.rawValue, from: today.adding(days: -6).description, to: today.description, problems: [],
            text: renderer.texts(context))
        return try renderer.formPage("admin/exports", page, context: &context)
    }

    /// The CSV the form asks for, or the form again with what is wrong with it (422).
    func download(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let text = renderer.texts(context)
        let kindField = request.form["kind"] ?? "", fromField = request.form["from"] ?? "", toField = request.form["to"] ?? ""
        let kind = ExportKind(rawValue: kindField), from = CivilDate(iso: fromField), to = CivilDate(iso: toField)
        var problems: [String] = []
        if kind == nil { problems.append(text("export_error_kind")) }
        if from == nil || to == nil {
            problems.append(text("export_error_dates"))
        } else if let from, let to, from > to {
            problems.append(text("export_error_order"))
        } else if let from, let to, to.daysSinceEpoch - from.daysSinceEpoch + 1 > Self.longestRange {
            problems.append(text("export_error_long", String(Self.longestRange)))
        }
        guard let kind, let from, let to, problems.isEmpty else {
            let page = AdminExportsPageViewModel(kind: kindField, from: fromField, to: toField, problems: problems, text: text)
            return try renderer.formPage("admin/exports", page, context: &context, status: .unprocessableContent)
        }
        let range = RunLeg.unixTime(from, minute: 0)..<RunLeg.unixTime(to.adding(days: 1), minute: 0)
        try database.write { db in
            try AuditLog.record(
                userID: context.user.id, action: "export." + kind.rawValue, subject: "export \(from)…\(to)", before: "",
                after: "kind=\(kind.rawValue)", now: context.now, in: db)
        }
        var headers = Headers()
        headers.add("Content-Type", "text/csv; charset=utf-8")
        headers.add("Content-Disposition", "attachment; filename=\"railbook-\(kind.rawValue)-\(from)-\(to).csv\"")
        headers.add("Cache-Control", "no-store")
        let stream = ExportStream(kind, range: range, headers: kind.columns.map { text($0) }, language: text.language, database: database)
        return .streaming(stream, headers: headers)
    }
}
