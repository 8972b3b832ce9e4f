import HTTP
import Storage

/// `/admin/trains/:id/edit`: one train's stops, coaches and fixed fares, each with its own form.
/// Stops and coaches can only change while no run from two days ago on has held or issued tickets
/// or an open waiting list (409 otherwise); the runs' empty seat inventory then follows the change.
struct AdminTrainEditController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway

    /// What the edit page shows in its forms: the saved values, or what was sent with its messages.
    struct Values {
        var stops: String
        var layout = "custom"
        var coaches: String
        var fare: [String: String] = [:]
        /// The standing quota as typed (empty: the default).
        var standing = ""
        var errors: [String: String] = [:]
        var alert: String?
    }

    func addRoutes(to admin: AdminRoutes) {
        admin.get("/trains/:id/edit", use: edit)
        admin.post("/trains/:id/stops", use: updateStops)
        admin.post("/trains/:id/coaches", use: updateCoaches)
        admin.post("/trains/:id/fares", use: setFare)
        admin.post("/trains/:id/standing", use: setStandingQuota)
    }

    func edit(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let train = try requestedTrain(context)
        let noticeKey: String? =
            switch request.query["saved"] {
            case "stops": "admin_train_saved_stops"
            case "coaches": "admin_train_saved_coaches"
            case "fare": "admin_train_saved_fare"
            case "standing": "admin_train_saved_standing"
            case "standing_below": "admin_train_saved_standing_below"
            default: nil
            }
        return try render(train, savedValues(train), notice: noticeKey, request, &context, status: .ok)
    }

    func updateStops(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let train = try requestedTrain(context)
        var values = savedValues(train)
        values.stops = request.form["stops"] ?? ""
        let stationIDs = Dictionary(uniqueKeysWithValues: railway.timetable.stations.map { ($0.telecode, $0.id) })
        let stops: [Stop]
        do { stops = try TrainRouteText.stops(values.stops, stationIDs: stationIDs) } catch {
            values.errors["stops"] = describe(error, context)
            return try render(train, values, request, &context, status: .unprocessableContent)
        }
        let userID = context.user.id, now = context.now
        return try apply(train, values, request, &context, saved: "stops") { db in
            try Train.replaceStops(of: train, with: stops, by: userID, today: ChinaTime.date(at: now), now: now, in: db)
        }
    }

    func updateCoaches(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let train = try requestedTrain(context)
        var values = savedValues(train)
        values.layout = request.form["layout"] == "standard" ? "standard" : "custom"
        values.coaches = request.form["coaches"] ?? ""
        let coaches: [Coach]
        if values.layout == "standard" {
            coaches = CoachLayout.standard(for: train.type)
        } else {
            do { coaches = try TrainRouteText.coaches(values.coaches) } catch {
                values.errors["coaches"] = describe(error, context)
                return try render(train, values, request, &context, status: .unprocessableContent)
            }
        }
        let userID = context.user.id, now = context.now
        return try apply(train, values, request, &context, saved: "coaches") { db in
            try Train.replaceCoaches(of: train, with: coaches, by: userID, today: ChinaTime.date(at: now), now: now, in: db)
        }
    }

    func setFare(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let train = try requestedTrain(context)
        var values = savedValues(train)
        for name in ["fare_from", "fare_to", "fare_class", "fare_price"] { values.fare[name] = (request.form[name] ?? "").trimmed }
        let telecodes = train.stops.map { railway.timetable.station($0.stationID)?.telecode }
        let origin = telecodes.firstIndex(of: values.fare["fare_from"]), destination = telecodes.firstIndex(of: values.fare["fare_to"])
        let seatClass = SeatClass(rawValue: values.fare["fare_class"] ?? "").flatMap { train.seatClasses.contains($0) ? $0 : nil }
        let fen = FarePrice.fen(values.fare["fare_price"] ?? "")
        if origin == nil { values.errors["fare_from"] = renderer.text("error_train_fare_station", context) }
        if destination == nil { values.errors["fare_to"] = renderer.text("error_train_fare_station", context) }
        if let origin, let destination, origin >= destination { values.errors["fare_to"] = renderer.text("error_train_fare_order", context) }
        if seatClass == nil { values.errors["fare_class"] = renderer.text("error_train_fare_class", context) }
        if fen == nil { values.errors["fare_price"] = renderer.text("error_train_fare_price", context) }
        guard values.errors.isEmpty, let origin, let destination, let seatClass, let fen else {
            return try render(train, values, request, &context, status: .unprocessableContent)
        }
        let previous = Fares.price(of: train, from: origin, to: destination, seatClass: seatClass, in: railway.timetable)
        let userID = context.user.id
        try database.write { db in
            try Train.setFare(
                of: train, from: origin, to: destination, seatClass: seatClass, fen: fen, previousFen: previous,
                by: userID, now: context.now, in: db)
        }
        try railway.reloadTimetable()
        return .redirect(to: "/admin/trains/\(train.id)/edit?saved=fare")
    }

    /// Sets how many standing tickets (无座) each run of the train may sell; empty for the default.
    /// A quota below what a run has sold is accepted: those tickets stay valid and the run sells no
    /// more standing until refunds bring it under (`StandingRoom`); the notice then says so.
    func setStandingQuota(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let train = try requestedTrain(context)
        var values = savedValues(train)
        values.standing = (request.form["standing_quota"] ?? "").trimmed
        let quota = Int(values.standing)
        guard
            values.standing.isEmpty
                || (values.standing.allSatisfy(\.isASCIIDigit) && quota.map { (0...Train.standingQuotaLimit).contains($0) } == true)
        else {
            values.errors["standing_quota"] = renderer.messages.text(
                "error_train_standing_quota", context.language,
                String(Train.standingQuotaLimit))
            return try render(train, values, request, &context, status: .unprocessableContent)
        }
        let userID = context.user.id, now = context.now
        let sold = try database.write { db in
            try Train.setStandingQuota(of: train, to: quota, by: userID, now: now, in: db)
            return try StandingRoom.mostSold(trainID: train.id, now: now, in: db)
        }
        try railway.reloadTimetable()
        let isBelowSold = (quota ?? train.defaultStandingQuota) < sold
        return .redirect(to: "/admin/trains/\(train.id)/edit?saved=" + (isBelowSold ? "standing_below" : "standing"))
    }

    /// Runs a stop or coach change; refuses it with 409 while the train has live sales.
    private func apply(
        _ train: Train, _ values: Values, _ request: Request, _ context: inout AdminContext, saved: String,
        change: (Database) throws -> [Int64]
    ) throws -> Response {
        let runIDs: [Int64]
        do {
            runIDs = try database.write(change)
        } catch is TrainHasLiveSales {
            var refused = values
            refused.alert = renderer.text("error_train_has_sales", context)
            return try render(train, refused, request, &context, status: .conflict)
        }
        for runID in runIDs { railway.inventory.forget(runID: runID) }
        try railway.reloadTimetable()
        try railway.ensureRuns(today: context.today)
        return .redirect(to: "/admin/trains/\(train.id)/edit?saved=\(saved)")
    }

    private func savedValues(_ train: Train) -> Values {
        Values(
            stops: TrainRouteText.text(of: train.stops, telecodes: telecodes()), coaches: TrainRouteText.text(of: train.coaches),
            standing: train.standingQuotaSetting.map(String.init) ?? "")
    }

    private func telecodes() -> [Int64: String] {
        Dictionary(uniqueKeysWithValues: railway.timetable.stations.map { ($0.id, $0.telecode) })
    }

    /// The train named by the `:id` segment; 404 for anything else.
    private func requestedTrain(_ context: AdminContext) throws -> Train {
        guard let train = railway.timetable.train(id: try context.parameters.require("id", as: Int64.self)) else {
            throw HTTPError(.notFound)
        }
        return train
    }

    private func describe(_ problem: TrainRouteProblem, _ context: AdminContext) -> String {
        problem.text(renderer.messages, context.language)
    }

    private func render(
        _ train: Train, _ values: Values, notice: String? = nil, _ request: Request, _ context: inout AdminContext,
        status: Status
    ) throws -> Response {
        let now = context.now
        let sold = try database.read { try StandingRoom.mostSold(trainID: train.id, now: now, in: $0) }
        let page = AdminTrainEditPageViewModel(
            train: train, values: values, noticeKey: notice, telecodes: telecodes(),
            fareOverrides: railway.timetable.fareOverrides[train.id] ?? [:], standingSold: sold,
            text: renderer.texts(context))
        return try renderer.formPage("admin/trains_edit", page, context: &context, status: status)
    }
}

/// Prices typed in yuan with at most a half yuan: `553`, `553.5`, `553.0` → fen.
enum FarePrice {
    /// The price in fen, or nil when it is not a positive amount in steps of ¥0.5 up to ¥10000.
    static func fen(_ text: String) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (1...5).contains(parts[0].count), parts[0].allSatisfy(\.isASCIIDigit),
            let yuan = Int(parts[0])
        else { return nil }
        var fen = yuan * 100
        if parts.count == 2 {
            guard parts[1] == "0" || parts[1] == "5" || parts[1] == "00" || parts[1] == "50" else { return nil }
            if parts[1].hasPrefix("5") { fen += 50 }
        }
        return (1...1_000_000).contains(fen) ? fen : nil
    }
}
