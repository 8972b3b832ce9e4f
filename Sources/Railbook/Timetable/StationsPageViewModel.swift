import HTTP
import Mustache

/// The stations page (`timetable/stations`): the hot stations, the stations grouped by the first
/// letter of their pinyin with an index of the letters, and the filter's outcome.
struct StationsPageViewModel: MustacheRenderable {
    let renderer: PageRenderer
    let context: AppContext
    /// The filter as typed (`q`), empty for the whole list.
    let query: String
    /// The stations the filter kept (all of them without one).
    let stations: [Station]
    let hot: [Station]
    /// Stations with a name like the filter, when it matched none.
    let suggestions: [Station]

    /// The group of a station: its upper-case pinyin initial, or `#` for anything but A–Z.
    static func groupKey(_ station: Station) -> String {
        let letter = station.groupLetter
        return letter.count == 1 && letter.allSatisfy({ $0.isASCII && $0.isLetter }) ? letter : "#"
    }

    var mustacheValue: MustacheValue {
        let isFiltered = !query.isEmpty
        let grouped = Dictionary(grouping: stations, by: Self.groupKey)
        let groups: [MustacheValue] = grouped.keys.sorted { ($0 == "#" ? 1 : 0, $0) < ($1 == "#" ? 1 : 0, $1) }.map { letter in
            .object(["letter": .string(letter), "id": .string(groupID(letter)), "stations": .list(grouped[letter, default: []].map(station))])
        }
        let hotStations = isFiltered ? [] : hot
        var values: MustacheObject = [
            "query": .string(query),
            "isFiltered": .bool(isFiltered),
            "groups": .list(groups),
            "letters": .list(groups),
            "hasLetters": .bool(!groups.isEmpty),
            "hot": .list(hotStations.map(station)),
            "hasHot": .bool(!hotStations.isEmpty),
            "suggestions": .list(suggestions.map { suggestion in
                .object(["name": .string(suggestion.name), "telecode": .string(suggestion.telecode),
                         "href": .string("/stations?q=" + PercentEncoding.encode(suggestion.telecode))])
            }),
            "hasSuggestions": .bool(!suggestions.isEmpty),
        ]
        if isFiltered && stations.isEmpty {
            values["noMatch"] = .string(text("stations_no_match", [query]))
        } else if isFiltered {
            values["summary"] = .string(renderer.messages.text("stations_matches", context.language, count: stations.count,
                                                               arguments: [String(stations.count), query]))
        }
        return .object(values)
    }

    private func groupID(_ letter: String) -> String {
        "letter-" + (letter == "#" ? "other" : letter)
    }

    private func station(_ station: Station) -> MustacheValue {
        let code = PercentEncoding.encode(station.telecode)
        let name = station.name(in: context.language)
        return .object([
            "name": .string(name), "telecode": .string(station.telecode), "pinyin": .string(station.pinyin),
            "nativeName": name == station.name ? .null : .string(station.name),
            "fromHref": .string("/?from=" + code), "toHref": .string("/?to=" + code),
            "fromLabel": .string(text("stations_from_here_label", [name])),
            "toLabel": .string(text("stations_to_here_label", [name])),
        ])
    }

    private func text(_ key: String, _ arguments: [String] = []) -> String {
        renderer.messages.text(key, context.language, arguments: arguments)
    }
}
