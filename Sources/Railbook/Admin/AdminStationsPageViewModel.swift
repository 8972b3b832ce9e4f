import Mustache

/// The stations list of the back office (`admin/stations`), filtered by what was searched.
struct AdminStationsPageViewModel: MustacheRenderable {
    /// What was searched (trimmed, at most 30 characters).
    let query: String
    let stations: [Station]
    /// True right after a station was saved.
    let showsSaved: Bool
    let renderer: PageRenderer
    let context: AppContext

    var mustacheValue: MustacheValue {
        .object([
            "query": .string(query),
            "stations": .list(stations.map { station in
                .object(["id": .string(String(station.id)), "telecode": .string(station.telecode), "name": .string(station.name),
                         "englishName": .string(station.englishName), "pinyin": .string(station.pinyin),
                         "initials": .string(station.initials), "city": .string(station.city), "hot": .bool(station.isHot)])
            }),
            "hasStations": .bool(!stations.isEmpty),
            "notice": showsSaved ? .string(renderer.text("admin_station_saved", context)) : .null,
        ])
    }
}
