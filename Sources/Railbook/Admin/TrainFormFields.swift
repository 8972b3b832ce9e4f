/// Builds the fields of the administration's train forms in the request's language, with the
/// submitted values and the message for each field.
struct TrainFormFields {
    /// The copy of the request's language.
    let text: TextLookup
    /// A message per field name, already in words.
    var errors: [String: String] = [:]

    func number(_ value: String) -> FieldViewModel {
        field("number", labelKey: "admin_train_number", hintKey: "admin_train_number_hint", value, maxLength: 6)
    }

    func stops(_ value: String) -> FieldViewModel {
        var stops = field("stops", labelKey: "admin_train_stops", hintKey: "admin_train_stops_hint", value, maxLength: 4000)
        stops.control = .textArea
        return stops
    }

    func layout(_ value: String) -> FieldViewModel {
        var layout = field("layout", labelKey: "admin_train_layout", hintKey: "admin_train_layout_hint", value, maxLength: nil)
        layout.control = .select(options: [("standard", text("admin_train_layout_standard")), ("custom", text("admin_train_layout_custom"))])
        return layout
    }

    func coaches(_ value: String) -> FieldViewModel {
        var coaches = field("coaches", labelKey: "admin_train_coaches", hintKey: "admin_train_coaches_hint", value, maxLength: 2000)
        coaches.control = .textArea
        coaches.isRequired = false
        return coaches
    }

    /// The fixed-fare fields: from and to stations (telecodes of the train's stops), class, price in yuan.
    func fare(_ values: [String: String], train: Train, telecodes: [Int64: String]) -> [FieldViewModel] {
        let stations = train.stops.map { stop in (value: telecodes[stop.stationID] ?? "", label: telecodes[stop.stationID] ?? "") }
        var from = field(
            "fare_from", labelKey: "admin_train_fare_from", hintKey: "admin_train_fare_from_hint",
            values["fare_from"] ?? "", maxLength: nil)
        from.control = .select(options: stations)
        var to = field(
            "fare_to", labelKey: "admin_train_fare_to", hintKey: "admin_train_fare_to_hint",
            values["fare_to"] ?? "", maxLength: nil)
        to.control = .select(options: stations)
        var seatClass = field(
            "fare_class", labelKey: "admin_train_fare_class", hintKey: "admin_train_fare_class_hint",
            values["fare_class"] ?? "", maxLength: nil)
        seatClass.control = .select(options: train.seatClasses.map { ($0.rawValue, text($0.messageKey)) })
        var price = field(
            "fare_price", labelKey: "admin_train_fare_price", hintKey: "admin_train_fare_price_hint",
            values["fare_price"] ?? "", maxLength: 8)
        price.inputMode = "decimal"
        return [from, to, seatClass, price]
    }

    private func field(_ name: String, labelKey: String, hintKey: String, _ value: String, maxLength: Int?) -> FieldViewModel {
        FieldViewModel(name: name, label: text(labelKey), value: value, hint: text(hintKey), error: errors[name], maxLength: maxLength)
    }
}
