import HTTP
import Storage

/// `/admin/trains`: every train with its route, and the form to add one with its stops and
/// coaches. A new train is audited, the timetable reloaded and its runs created for the presale window.
struct AdminTrainsController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway

    func addRoutes(to admin: AdminRoutes) {
        admin.get("/trains", use: index)
        admin.get("/trains/new", use: new)
        admin.post("/trains", use: create)
    }

    func index(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let page = AdminTrainsPageViewModel(
            timetable: railway.timetable, showsSaved: request.query["saved"] != nil,
            text: renderer.texts(context))
        return try renderer.page("admin/trains", page, context: context)
    }

    func new(_ request: Request, _ context: inout AdminContext) throws -> Response {
        try renderForm(number: "", stops: "", layout: "standard", coaches: "", errors: [:], request, &context, status: .ok)
    }

    func create(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let number = (request.form["number"] ?? "").trimmed.uppercased()
        let stopsText = request.form["stops"] ?? "", coachesText = request.form["coaches"] ?? ""
        let layout = request.form["layout"] == "custom" ? "custom" : "standard"
        var errors: [String: String] = [:]
        let type = TrainType(number: number)
        if type == nil { errors["number"] = renderer.text("error_train_number_invalid", context) }
        let stationIDs = Dictionary(uniqueKeysWithValues: railway.timetable.stations.map { ($0.telecode, $0.id) })
        var stops: [Stop] = [], coaches: [Coach] = []
        do { stops = try TrainRouteText.stops(stopsText, stationIDs: stationIDs) } catch { errors["stops"] = describe(error, context) }
        if layout == "custom" {
            do { coaches = try TrainRouteText.coaches(coachesText) } catch { errors["coaches"] = describe(error, context) }
        } else if let type {
            coaches = CoachLayout.standard(for: type)
        }
        if errors.isEmpty {
            let userID = context.user.id
            do {
                _ = try database.write { try Train.create(number: number, stops: stops, coaches: coaches, by: userID, now: context.now, in: $0) }
                try railway.reloadTimetable()
                try railway.ensureRuns(today: context.today)
                return .redirect(to: "/admin/trains?saved=1")
            } catch let conflicts as FormErrors {
                errors["number"] = conflicts["number"].map { renderer.text($0, context) }
            }
        }
        return try renderForm(
            number: number, stops: stopsText, layout: layout, coaches: coachesText, errors: errors, request, &context,
            status: .unprocessableContent)
    }

    /// The message for a problem in a stop or coach list.
    private func describe(_ problem: TrainRouteProblem, _ context: AdminContext) -> String {
        problem.text(renderer.messages, context.language)
    }

    private func renderForm(
        number: String, stops: String, layout: String, coaches: String, errors: [String: String],
        _ request: Request, _ context: inout AdminContext, status: Status
    ) throws -> Response {
        let fields = TrainFormFields(text: renderer.texts(context), errors: errors)
        let page = FormPageViewModel(
            fields: [fields.number(number), fields.stops(stops), fields.layout(layout), fields.coaches(coaches)],
            hasErrors: !errors.isEmpty)
        return try renderer.formPage("admin/trains_new", page, context: &context, status: status)
    }
}
