import HTTP

/// The stations page (`timetable/stations`): the hot stations, the stations grouped by the first
/// letter of their pinyin with an index of the letters, and the filter's outcome.
struct StationsPageViewModel: Encodable {
    /// One station, with links that open the search form from or to it (`timetable/_station`).
    struct StationRow: Encodable {
        /// The name in the page's language.
        let name: String
        let telecode: String
        let pinyin: String
        /// The Chinese name, on pages that show another.
        let nativeName: String?
        let fromHref: String
        let toHref: String
        let fromLabel: String
        let toLabel: String
        /// The station board's link and its label ("北京南 到发信息").
        let boardHref: String
        let boardLabel: String
    }

    /// The stations of one letter.
    struct Group: Encodable {
        let letter: String
        /// The group's anchor: `letter-B`, `letter-other`.
        let id: String
        let stations: [StationRow]
    }

    /// A letter of the index, linking to its group.
    struct Letter: Encodable {
        let letter: String
        let id: String
    }

    /// A station with a name like the filter, when it matched none.
    struct Suggestion: Encodable {
        let name: String
        let telecode: String
        let href: String
    }

    /// The filter as typed (`q`), empty for the whole list.
    let query: String
    let isFiltered: Bool
    let groups: [Group]
    let letters: [Letter]
    let hasLetters: Bool
    /// The hot stations, shown only without a filter.
    let hot: [StationRow]
    let hasHot: Bool
    let suggestions: [Suggestion]
    let hasSuggestions: Bool
    /// Why the list is empty, when the filter matched nothing.
    let noMatch: String?
    /// How many stations the filter kept, when it kept some.
    let summary: String?

    /// The group of a station: its upper-case pinyin initial, or `#` for anything but A–Z.
    static func groupKey(_ station: Station) -> String {
        let letter = station.groupLetter
        return letter.count == 1 && letter.allSatisfy({ $0.isASCII && $0.isLetter }) ? letter : "#"
    }

    /// The page for the filter `query`, which kept `stations`; `hot` are the hot stations and
    /// `suggestions` those with a name like the filter when it matched none.
    init(query: String, stations: [Station], hot: [Station], suggestions: [Station], text: TextLookup) {
        let isFiltered = !query.isEmpty
        let row = { (station: Station) in Self.row(station, text) }
        let grouped = Dictionary(grouping: stations, by: Self.groupKey)
        let letters = grouped.keys.sorted { ($0 == "#" ? 1 : 0, $0) < ($1 == "#" ? 1 : 0, $1) }
        self.query = query
        self.isFiltered = isFiltered
        groups = letters.map { Group(letter: $0, id: Self.groupID($0), stations: grouped[$0, default: []].map(row)) }
        self.letters = letters.map { Letter(letter: $0, id: Self.groupID($0)) }
        hasLetters = !letters.isEmpty
        self.hot = isFiltered ? [] : hot.map(row)
        hasHot = !self.hot.isEmpty
        self.suggestions = suggestions.map { suggestion in
            Suggestion(name: suggestion.name, telecode: suggestion.telecode, href: "/stations?q=" + PercentEncoding.encode(suggestion.telecode))
        }
        hasSuggestions = !suggestions.isEmpty
        noMatch = isFiltered && stations.isEmpty ? text("stations_no_match", query) : nil
        summary = isFiltered && !stations.isEmpty ? text("stations_matches", count: stations.count, String(stations.count), query) : nil
    }

    private static func groupID(_ letter: String) -> String {
        "letter-" + (letter == "#" ? "other" : letter)
    }

    private static func row(_ station: Station, _ text: TextLookup) -> StationRow {
        let code = PercentEncoding.encode(station.telecode)
        let name = station.name(in: text.language)
        return StationRow(
            name: name, telecode: station.telecode, pinyin: station.pinyin, nativeName: name == station.name ? nil : station.name,
            fromHref: "/?from=" + code, toHref: "/?to=" + code,
            fromLabel: text("stations_from_here_label", name), toLabel: text("stations_to_here_label", name),
            boardHref: "/stations/\(station.telecode)/board", boardLabel: text("board_title", name))
    }
}
