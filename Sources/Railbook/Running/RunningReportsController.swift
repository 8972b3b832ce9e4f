import HTTP
import Storage

/// `POST /running/reports`: running reports from the railway's train-tracking systems, one stop of
/// one run per report (`RunningMessage`: sender, train, date, station, times, platform, gate,
/// timestamp, signature). Answers in plain text: 200 `stored`; 400 for a malformed message; 401
/// for an unknown or revoked sender, a bad signature or a stale timestamp; 409 for a report taken
/// before (the same signature); 404 for a train or run that does not exist; 422 with the reason
/// for a report the run refuses. Nothing is stored unless it answers 200.
struct RunningReportsController: Controller {
    static let path = "/running/reports"

    let database: DatabasePool
    let railway: Railway
    let messages: Messages

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.post(Self.path, use: receive)
    }

    /// What a refused report is answered with.
    private enum Refusal: Error {
        case replayed
        case noRun
        case refused(RunningReportForm.Problem)
    }

    func receive(_ request: Request, _ context: inout AppContext) throws -> Response {
        guard let message = RunningMessage(form: request.form), let signature = request.form["signature"], signature.utf8.count <= 64,
            message.timestamp != nil
        else { return .text("malformed report", status: .badRequest) }
        let now = context.now
        guard let sender = try database.read({ try RunningSender.active(named: message.sender, in: $0) }) else {
            return .text("unknown sender", status: .unauthorized)
        }
        guard sender.key.verify(signature, for: message.canonical) else { return .text("bad signature", status: .unauthorized) }
        guard message.isFresh(now: now) else { return .text("stale timestamp", status: .unauthorized) }
        guard let train = railway.timetable.train(number: (message.fields["train"] ?? "").uppercased()),
            let date = CivilDate(iso: message.fields["date"] ?? "")
        else { return .text("no such train or date", status: .notFound) }
        let timetable = railway.timetable
        do {
            let runID = try database.write { db in
                try db.run("DELETE FROM running_signatures WHERE received_at < ?", [now - 2 * RunningMessage.freshness])
                guard
                    try db.run(
                        "INSERT INTO running_signatures (signature, received_at) VALUES (?, ?) ON CONFLICT (signature) DO NOTHING", [signature, now])
                        == 1
                else {
                    throw Refusal.replayed
                }
                guard let run = try AdminRun.find(train: train, on: date, timetable: timetable, in: db) else { throw Refusal.noRun }
                if let problem = try RunningReport.record(
                    message.report, run: run, timetable: timetable, source: "sender \(sender.name)", settings: railway.running, now: now, in: db)
                {
                    throw Refusal.refused(problem)
                }
                return run.id
            }
            railway.runningTimes.forget(runID: runID)
        } catch let refusal as Refusal {
            switch refusal {
            case .replayed: return .text("report already taken", status: .conflict)
            case .noRun: return .text("no such train or date", status: .notFound)
            case .refused(let problem): return .text(messages.text(problem.messageKey, .english), status: .unprocessableContent)
            }
        }
        return .text("stored")
    }
}
