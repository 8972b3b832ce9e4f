import Mustache

/// A train's edit page in the back office (`admin/trains_edit`): the stops, coaches and fare forms
/// with what was typed and its errors, the fare overrides, and the standing quota.
struct AdminTrainEditPageViewModel: MustacheRenderable {
    let train: Train
    /// What the forms show (as stored, or as typed with errors).
    let values: AdminTrainEditController.Values
    let noticeKey: String?
    /// Station codes by station id.
    let telecodes: [Int64: String]
    /// Fares set for single stretches, keyed `from-to-class` (stop positions).
    let fareOverrides: [String: Int]
    /// The most standing tickets sold at once on one run not yet departed (`StandingRoom.mostSold`).
    let standingSold: Int
    let renderer: PageRenderer
    let context: AppContext

    var mustacheValue: MustacheValue {
        let fields = TrainFormFields(messages: renderer.messages, language: context.language, errors: values.errors)
        return .object([
            "id": .string(String(train.id)),
            "title": .string(renderer.messages.text("admin_train_edit_title", context.language, train.number)),
            "notice": noticeKey.map { .string(renderer.text($0, context)) } ?? .null,
            "alert": values.alert.map(MustacheValue.string) ?? .null,
            "stopFields": .list([fields.stops(values.stops).mustacheValue]),
            "coachFields": .list([fields.layout(values.layout), fields.coaches(values.coaches)].map(\.mustacheValue)),
            "fareFields": .list(fields.fare(values.fare, train: train, telecodes: telecodes).map(\.mustacheValue)),
            "overrides": .list(overrides),
            "hasOverrides": .bool(!overrides.isEmpty),
            "standingQuota": .string(values.standing),
            "standingHint": .string(renderer.messages.text("admin_train_standing_hint", context.language,
                                                           arguments: [String(train.defaultStandingQuota), String(train.standingQuota)])
                                    + " " + renderer.messages.text("admin_train_standing_sold", context.language, String(standingSold))),
            "standingError": values.errors["standing_quota"].map(MustacheValue.string) ?? .null,
        ])
    }

    /// The fare overrides as rows: from, to, class and price.
    private var overrides: [MustacheValue] {
        fareOverrides.sorted { $0.key < $1.key }.compactMap { key, fen -> MustacheValue? in
            let parts = key.split(separator: "-").map(String.init)
            guard parts.count == 3, let origin = Int(parts[0]), let destination = Int(parts[1]),
                  train.stops.indices.contains(origin), train.stops.indices.contains(destination) else { return nil }
            return .object(["from": .string(telecodes[train.stops[origin].stationID] ?? ""), "to": .string(telecodes[train.stops[destination].stationID] ?? ""),
                            "seatClass": .string(SeatClass(rawValue: parts[2]).map { renderer.text($0.messageKey, context) } ?? parts[2]),
                            "price": .string(Money.format(fen))])
        }
    }
}
