/// Finds the station a traveller means from what they typed: a Chinese name (with or without 站),
/// its English name (`Beijing South`, `xian north`), a city, full pinyin, initials (`bjn`) or the
/// telecode (`VNP`), ignoring case, spaces and apostrophes.
struct StationResolver {
    let timetable: Timetable

    /// The station meant by `text`, or nil when nothing matches exactly.
    func resolve(_ text: String) -> Station? {
        let query = Self.normalize(text)
        guard !query.isEmpty else { return nil }
        let upper = query.uppercased()
        if upper.count == 3, let station = timetable.stationsByTelecode[upper] { return station }
        let name = query.hasSuffix("站") ? String(query.dropLast()) : query
        let candidates = (timetable.stationsBySpelling[name] ?? []) + (name == query ? [] : timetable.stationsBySpelling[query] ?? [])
        if let best = candidates.max(by: { rank($0) < rank($1) }) { return best }
        if let cityStations = timetable.stationsByCity[name] {
            return cityStations.first { $0.name == name } ?? cityStations.max { rank($0) < rank($1) }
        }
        return nil
    }

    /// Up to `limit` stations close to `text`, for "did you mean".
    func suggestions(for text: String, limit: Int = 5) -> [Station] {
        let query = Self.normalize(text)
        guard !query.isEmpty else { return [] }
        let scored = timetable.stations.compactMap { station -> (Station, Int)? in
            if station.name.contains(query) || station.city.contains(query) { return (station, 0) }
            if station.pinyin.hasPrefix(query) || station.initials.hasPrefix(query)
                || (!station.englishName.isEmpty && Self.normalize(station.englishName).hasPrefix(query))
            {
                return (station, 1)
            }
            let distance = Self.editDistance(query, station.pinyin)
            return distance <= max(1, query.count / 3) ? (station, 1 + distance) : nil
        }
        return scored.sorted { ($0.1, rank($1.0)) < ($1.1, rank($0.0)) }.prefix(limit).map(\.0)
    }

    private func rank(_ station: Station) -> Int {
        (station.isHot ? 2 : 0) + (station.name == station.city ? 1 : 0)
    }

    static func normalize(_ text: String) -> String {
        if isNormal(text) { return text }
        return String(text.filter { !$0.isWhitespace && !"'’‘`".contains($0) }.lowercased().prefix(30))
    }

    /// Whether `text` is as `normalize` would make it, as most station names typed or picked are:
    /// no space, apostrophe or letter that lowercasing changes, and at most 30 characters (each
    /// of its scalars at most one).
    private static func isNormal(_ text: String) -> Bool {
        var count = 0
        for scalar in text.unicodeScalars {
            count += 1
            if count > 30 || scalar.properties.isWhitespace || scalar.properties.changesWhenLowercased || apostrophes.contains(scalar) {
                return false
            }
        }
        return true
    }

    /// The apostrophes `normalize` drops, and U+1FEF (Greek varia), which Swift's character
    /// comparison takes for a backtick.
    private static let apostrophes: Set<Unicode.Scalar> = ["'", "’", "‘", "`", "\u{1FEF}"]

    /// Levenshtein distance, for short strings.
    static func editDistance(_ left: String, _ right: String) -> Int {
        let a = Array(left), b = Array(right)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
