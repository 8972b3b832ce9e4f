import HTTP
import Storage

/// `/admin/runs?train=G101&date=…`: one run's state and sales, with the delay form and the way to
/// cancel it (`GET`/`POST /admin/runs/:id/cancel`, confirmed first) and `POST /admin/runs/:id/delay`.
struct AdminRunsController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway
    let events: EventBus

    /// Registers the routes on the `admin` group.
    func addRoutes(to admin: AdminRoutes) {
        admin.get("/runs", use: find)
        admin.get("/runs/:id/cancel", use: confirmCancel)
        admin.post("/runs/:id/cancel", use: cancel)
        admin.post("/runs/:id/delay", use: delay)
    }

    func find(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let trainNumber = String((request.query["train"] ?? "").trimmingCharacters(in: " ").uppercased().prefix(10))
        let dateText = request.query["date"] ?? ""
        guard !trainNumber.isEmpty || !dateText.isEmpty else { return try page(run: nil, request, &context) }
        guard let train = railway.timetable.train(number: trainNumber) else {
            return try page(run: nil, alertKey: "admin_runs_unknown_train", request, &context, status: .notFound)
        }
        guard let date = CivilDate(iso: dateText) else {
            return try page(run: nil, alertKey: "admin_runs_bad_date", request, &context, status: .unprocessableContent)
        }
        guard let run = try database.read({ try AdminRun.find(train: train, on: date, timetable: railway.timetable, in: $0) }) else {
            return try page(run: nil, alertKey: "admin_runs_no_run", request, &context, status: .notFound)
        }
        let noticeKey: String? =
            switch request.query["notice"] {
            case "cancelled": "admin_runs_notice_cancelled"
            case "delayed": "admin_runs_notice_delayed"
            default: nil
            }
        return try page(run: run, noticeKey: noticeKey, request, &context)
    }

    func confirmCancel(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let run = try load(context)
        let page = AdminRunCancelPageViewModel(run: try runView(run, text: renderer.texts(context)))
        return try renderer.formPage("admin/run_cancel", page, context: &context)
    }

    func cancel(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let administrator = context.user
        let run = try load(context)
        let now = context.now
        let events = try database.write(recordingEvents: { $0 ?? [] }, now: now) {
            try RunCancellation.cancel(run, adminID: administrator.id, now: now, in: $0)
        }
        if let events {
            railway.runs.forgetAll()
            self.events.publish(events)
        }
        return .redirect(to: runsHref(run) + "&notice=cancelled")
    }

    func delay(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let administrator = context.user
        let run = try load(context)
        guard let minutes = RunDelay.minutes(from: request.form["minutes"]) else {
            return try page(
                run: run, alertKey: "admin_runs_bad_delay", delayText: request.form["minutes"] ?? "", request, &context,
                status: .unprocessableContent)
        }
        try database.write { try RunDelay.set(minutes, on: run, adminID: administrator.id, now: context.now, in: $0) }
        railway.runs.forgetAll()
        return .redirect(to: runsHref(run) + "&notice=delayed")
    }

    private func load(_ context: AdminContext) throws -> AdminRun {
        let timetable = railway.timetable
        return try context.record(in: database) { id, db in try AdminRun.find(id: id, timetable: timetable, in: db) }
    }

    private func runsHref(_ run: AdminRun) -> String {
        "/admin/runs?train=\(PercentEncoding.encode(run.train.number))&date=\(run.serviceDate)"
    }

    /// What the date field shows: the date asked for when it is one (a date field holds nothing
    /// else), else the run's day, else the day after `today`.
    static func dateFieldValue(_ requested: String?, run: AdminRun?, today: CivilDate) -> String {
        if let requested { return CivilDate(iso: requested)?.description ?? "" }
        return run?.serviceDate.description ?? today.adding(days: 1).description
    }

    private func page(
        run: AdminRun?, noticeKey: String? = nil, alertKey: String? = nil, delayText: String? = nil,
        _ request: Request, _ context: inout AdminContext, status: Status = .ok
    ) throws -> Response {
        let text = renderer.texts(context)
        let page = AdminRunsPageViewModel(
            train: request.query["train"] ?? run?.train.number ?? "",
            date: Self.dateFieldValue(request.query["date"], run: run, today: context.today),
            notice: noticeKey.map { text($0) }, alert: alertKey.map { text($0) },
            run: try run.map { try runView($0, typedDelay: delayText, text: text) })
        return try renderer.formPage("admin/runs", page, context: &context, status: status)
    }

    private func runView(_ run: AdminRun, typedDelay: String? = nil, text: TextLookup) throws -> AdminRunViewModel {
        let sales = try database.read { try run.sales(in: $0) }
        return AdminRunViewModel(run: run, sales: sales, backHref: runsHref(run), typedDelay: typedDelay, text: text)
    }
}
