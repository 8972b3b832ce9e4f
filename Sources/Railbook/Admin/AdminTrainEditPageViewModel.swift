/// A train's edit page in the back office (`admin/trains_edit`): the stops, coaches and fare forms
/// with what was typed and its errors, the fare overrides, and the standing quota.
struct AdminTrainEditPageViewModel: Encodable {
    /// A fare set for one stretch and class.
    struct Override: Encodable {
        /// The codes of the stations it runs from and to.
        let from: String
        let to: String
        /// The class in words.
        let seatClass: String
        let price: String
    }

    let id: String
    let title: String
    let notice: String?
    /// Why the last change was refused, if it was.
    let alert: String?
    let stopFields: [FieldViewModel]
    let coachFields: [FieldViewModel]
    let fareFields: [FieldViewModel]
    let overrides: [Override]
    let hasOverrides: Bool
    /// The standing quota as typed (empty: the default), its hint and its message.
    let standingQuota: String
    let standingHint: String
    let standingError: String?

    /// The page of `train` with its forms showing `values`. `telecodes` are the station codes by
    /// station id, `fareOverrides` the fares set for single stretches keyed `from-to-class` (stop
    /// positions), `standingSold` the most standing tickets sold at once on one run not yet departed
    /// (`StandingRoom.mostSold`); `noticeKey` is the message-catalog key of the notice, if any.
    init(
        train: Train, values: AdminTrainEditController.Values, noticeKey: String?, telecodes: [Int64: String],
        fareOverrides: [String: Int], standingSold: Int, text: TextLookup
    ) {
        let fields = TrainFormFields(text: text, errors: values.errors)
        id = String(train.id)
        title = text("admin_train_edit_title", train.number)
        notice = noticeKey.map { text($0) }
        alert = values.alert
        stopFields = [fields.stops(values.stops)]
        coachFields = [fields.layout(values.layout), fields.coaches(values.coaches)]
        fareFields = fields.fare(values.fare, train: train, telecodes: telecodes)
        overrides = fareOverrides.sorted { $0.key < $1.key }.compactMap { key, fen in
            let parts = key.split(separator: "-").map(String.init)
            guard parts.count == 3, let origin = Int(parts[0]), let destination = Int(parts[1]),
                train.stops.indices.contains(origin), train.stops.indices.contains(destination)
            else { return nil }
            return Override(
                from: telecodes[train.stops[origin].stationID] ?? "", to: telecodes[train.stops[destination].stationID] ?? "",
                seatClass: SeatClass(rawValue: parts[2]).map { text($0.messageKey) } ?? parts[2], price: Money.format(fen))
        }
        hasOverrides = !overrides.isEmpty
        standingQuota = values.standing
        standingHint =
            text("admin_train_standing_hint", String(train.defaultStandingQuota), String(train.standingQuota))
            + " " + text("admin_train_standing_sold", String(standingSold))
        standingError = values.errors["standing_quota"]
    }
}
