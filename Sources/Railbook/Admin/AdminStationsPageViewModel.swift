/// The stations list of the back office (`admin/stations`), filtered by what was searched.
struct AdminStationsPageViewModel: Encodable {
    /// One station of the list.
    struct Row: Encodable {
        let id: String
        let telecode: String
        let name: String
        let englishName: String
        let pinyin: String
        let initials: String
        let city: String
        /// True for a station the search form offers first.
        let hot: Bool
    }

    /// What was searched (trimmed, at most 30 characters).
    let query: String
    let stations: [Row]
    let hasStations: Bool
    /// Said right after a station was saved.
    let notice: String?

    /// The `stations` found for `query`; `showsSaved` right after a station was saved.
    init(query: String, stations: [Station], showsSaved: Bool, text: TextLookup) {
        self.query = query
        self.stations = stations.map { station in
            Row(
                id: String(station.id), telecode: station.telecode, name: station.name, englishName: station.englishName,
                pinyin: station.pinyin, initials: station.initials, city: station.city, hot: station.isHot)
        }
        hasStations = !stations.isEmpty
        notice = showsSaved ? text("admin_station_saved") : nil
    }
}
