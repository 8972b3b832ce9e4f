import Mustache

/// The trains list of the back office (`admin/trains`): each train with its type, first and last
/// station and number of stops.
struct AdminTrainsPageViewModel: MustacheRenderable {
    let timetable: Timetable
    /// True right after a train was saved.
    let showsSaved: Bool
    let renderer: PageRenderer
    let context: AppContext

    var mustacheValue: MustacheValue {
        let name = { (stop: Stop?) in stop.flatMap { timetable.station($0.stationID)?.name } ?? "—" }
        return .object([
            "trains": .list(timetable.trains.map { train in
                .object(["id": .string(String(train.id)), "number": .string(train.number),
                         "type": .string(renderer.text(train.type.messageKey, context)),
                         "first": .string(name(train.stops.first)), "last": .string(name(train.stops.last)),
                         "stopCount": .string(String(train.stops.count))])
            }),
            "hasTrains": .bool(!timetable.trains.isEmpty),
            "notice": showsSaved ? .string(renderer.text("admin_train_saved", context)) : .null,
        ])
    }
}
