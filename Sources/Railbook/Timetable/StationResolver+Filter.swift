extension StationResolver {
    /// The stations whose name or city contains `text`, or whose pinyin, initials, English name or
    /// telecode start with it, ignoring case, spaces, apostrophes and a trailing 站, in the timetable's order (by pinyin).
    /// Empty text matches every station.
    func stations(matching text: String) -> [Station] {
        var query = Self.normalize(text)
        if query.count > 1, query.hasSuffix("站") { query.removeLast() }
        guard !query.isEmpty else { return timetable.stations }
        let code = query.uppercased()
        return timetable.stations.filter { station in
            station.name.contains(query) || station.city.contains(query) || station.pinyin.hasPrefix(query)
                || station.initials.hasPrefix(query) || station.telecode.hasPrefix(code)
                || (!station.englishName.isEmpty && Self.normalize(station.englishName).hasPrefix(query))
        }
    }
}
