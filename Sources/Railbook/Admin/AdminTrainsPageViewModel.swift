/// The trains list of the back office (`admin/trains`): each train with its type, first and last
/// station and number of stops.
struct AdminTrainsPageViewModel: Encodable {
    /// One train of the list.
    struct Row: Encodable {
        let id: String
        let number: String
        /// The type of train in words.
        let type: String
        /// The names of its first and last stations (a dash when it has none).
        let first: String
        let last: String
        let stopCount: String
    }

    let trains: [Row]
    let hasTrains: Bool
    /// Said right after a train was saved.
    let notice: String?

    /// The trains of `timetable`; `showsSaved` right after a train was saved.
    init(timetable: Timetable, showsSaved: Bool, text: TextLookup) {
        let name = { (stop: Stop?) in stop.flatMap { timetable.station($0.stationID)?.name } ?? "—" }
        trains = timetable.trains.map { train in
            Row(
                id: String(train.id), number: train.number, type: text(train.type.messageKey), first: name(train.stops.first),
                last: name(train.stops.last), stopCount: String(train.stops.count))
        }
        hasTrains = !timetable.trains.isEmpty
        notice = showsSaved ? text("admin_train_saved") : nil
    }
}
