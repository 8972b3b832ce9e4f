import HTTP
import Storage

/// `/admin/runs/:id/running`: a run's times at each stop as they stand, and the forms that report
/// a stop's expected or actual arrival and departure, platform and gate (`POST`, one stop at a
/// time, audited). Administrators only.
struct AdminRunningController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway

    func addRoutes(to admin: AdminRoutes) {
        admin.get("/runs/:id/running", use: show)
        admin.post("/runs/:id/running", use: report)
    }

    func show(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let run = try load(context)
        let notice = request.query["notice"] == "saved" ? renderer.texts(context)("running_notice_saved") : nil
        return try page(run, typed: nil, problem: nil, notice: notice, &context)
    }

    func report(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let administrator = context.user
        let run = try load(context)
        let form = RunningReportForm(
            station: request.form["station"] ?? "", arrival: request.form["arrival"] ?? "",
            arrivalIsActual: request.form["arrival_kind"] == "actual", departure: request.form["departure"] ?? "",
            departureIsActual: request.form["departure_kind"] == "actual", platform: request.form["platform"] ?? "",
            gate: request.form["gate"] ?? "")
        let timetable = railway.timetable, now = context.now
        let problem = try database.write { db -> RunningReportForm.Problem? in
            if let problem = try RunningReport.record(
                form, run: run, timetable: timetable, source: "admin \(administrator.id)", settings: railway.running, now: now, in: db)
            {
                return problem
            }
            try AuditLog.record(
                userID: administrator.id, action: "run.running", subject: "run \(run.name)", before: "", after: RunningReport.auditText(form),
                now: now, in: db)
            return nil
        }
        if let problem { return try page(run, typed: form, problem: problem, notice: nil, &context, status: .unprocessableContent) }
        railway.runningTimes.forget(runID: run.id)
        return .redirect(to: "/admin/runs/\(run.id)/running?notice=saved")
    }

    private func load(_ context: AdminContext) throws -> AdminRun {
        let timetable = railway.timetable
        return try context.record(in: database) { id, db in try AdminRun.find(id: id, timetable: timetable, in: db) }
    }

    private func page(
        _ run: AdminRun, typed: RunningReportForm?, problem: RunningReportForm.Problem?, notice: String?, _ context: inout AdminContext,
        status: Status = .ok
    ) throws -> Response {
        let reports = try database.read { try RunningTimes.reports(ofRun: run.id, in: $0) }
        let running = RunningStatus(
            train: run.train, runDelay: run.delayMinutes, reports: reports, recoveryPerStop: railway.running.recoveryMinutesPerStop)
        let page = AdminRunningPageViewModel(
            run: run, status: running, reports: reports, typed: typed, problem: problem, notice: notice, timetable: railway.timetable,
            text: renderer.texts(context))
        return try renderer.formPage("admin/run_running", page, context: &context, status: status)
    }
}
