import HTTP
import Storage

/// `/admin/stations`: every station with a search, and the forms to add and edit one. A change is
/// audited and the timetable reloaded so the search sees it at once.
struct AdminStationsController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway

    func addRoutes(to admin: AdminRoutes) {
        admin.get("/stations", use: index)
        admin.get("/stations/new", use: new)
        admin.post("/stations", use: create)
        admin.get("/stations/:id/edit", use: edit)
        admin.post("/stations/:id", use: update)
    }

    func index(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let query = String((request.query["q"] ?? "").trimmed.prefix(30))
        let stations = try database.read { try Station.matching(query, in: $0) }
        let page = AdminStationsPageViewModel(
            query: query, stations: stations, showsSaved: request.query["saved"] != nil,
            text: renderer.texts(context))
        return try renderer.page("admin/stations", page, context: context)
    }

    func new(_ request: Request, _ context: inout AdminContext) throws -> Response {
        try renderForm(StationForm(), FormErrors(), id: nil, request, &context, status: .ok)
    }

    func create(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let details = StationForm(form: request.form)
        let problems = details.problems()
        guard problems.isEmpty else { return try renderForm(details, problems, id: nil, request, &context, status: .unprocessableContent) }
        let userID = context.user.id
        do {
            _ = try database.write { try Station.create(details, by: userID, now: context.now, in: $0) }
        } catch let conflicts as FormErrors {
            return try renderForm(details, conflicts, id: nil, request, &context, status: .unprocessableContent)
        }
        try railway.reloadTimetable()
        return .redirect(to: "/admin/stations?saved=1&q=\(PercentEncoding.encode(details.telecode))")
    }

    func edit(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let station = try requestedStation(context)
        return try renderForm(StationForm(station), FormErrors(), id: station.id, request, &context, status: .ok)
    }

    func update(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let station = try requestedStation(context)
        let details = StationForm(form: request.form)
        let problems = details.problems()
        guard problems.isEmpty else {
            return try renderForm(details, problems, id: station.id, request, &context, status: .unprocessableContent)
        }
        let userID = context.user.id
        do {
            let updated = try database.write { try Station.update(id: station.id, with: details, by: userID, now: context.now, in: $0) }
            guard updated else { throw HTTPError(.notFound) }
        } catch let conflicts as FormErrors {
            return try renderForm(details, conflicts, id: station.id, request, &context, status: .unprocessableContent)
        }
        try railway.reloadTimetable()
        return .redirect(to: "/admin/stations?saved=1&q=\(PercentEncoding.encode(details.telecode))")
    }

    /// The station named by the `:id` segment; 404 for anything else.
    private func requestedStation(_ context: AdminContext) throws -> Station {
        try context.record(in: database) { id, db in try Station.find(id: id, in: db) }
    }

    private func renderForm(
        _ details: StationForm, _ errors: FormErrors, id: Int64?, _ request: Request,
        _ context: inout AdminContext, status: Status
    ) throws -> Response {
        let text = renderer.texts(context)
        func field(_ name: String, labelKey: String, hintKey: String, _ value: String, maxLength: Int) -> FieldViewModel {
            FieldViewModel(
                name: name, label: text(labelKey), value: value, hint: text(hintKey), error: errors[name].map { text($0) },
                maxLength: maxLength)
        }
        let hot = FieldViewModel(
            name: "hot", label: text("admin_station_hot"),
            control: .select(options: [("0", text("admin_timetable_no")), ("1", text("admin_timetable_yes"))]),
            value: details.isHot ? "1" : "0")
        var english = field(
            "english_name", labelKey: "admin_station_english_name", hintKey: "admin_station_english_name_hint",
            details.englishName, maxLength: 60)
        english.isRequired = false
        var latitude = field(
            "latitude", labelKey: "admin_station_latitude", hintKey: "admin_station_position_hint", details.latitude, maxLength: 20)
        var longitude = field(
            "longitude", labelKey: "admin_station_longitude", hintKey: "admin_station_position_hint", details.longitude, maxLength: 20)
        latitude.isRequired = false
        longitude.isRequired = false
        let fields = [
            field("name", labelKey: "admin_station_name", hintKey: "admin_station_name_hint", details.name, maxLength: 30), english,
            field("pinyin", labelKey: "admin_station_pinyin", hintKey: "admin_station_pinyin_hint", details.pinyin, maxLength: 60),
            field("initials", labelKey: "admin_station_initials", hintKey: "admin_station_initials_hint", details.initials, maxLength: 20),
            field("telecode", labelKey: "admin_station_telecode", hintKey: "admin_station_telecode_hint", details.telecode, maxLength: 3),
            field("city", labelKey: "admin_station_city", hintKey: "admin_station_city_hint", details.city, maxLength: 30), hot,
            latitude, longitude,
        ]
        let page = RecordFormPageViewModel(
            title: text(id == nil ? "admin_station_new_title" : "admin_station_edit_title"),
            collection: "/admin/stations", id: id, fields: fields, errors: errors)
        return try renderer.formPage("admin/stations_form", page, context: &context, status: status)
    }
}
