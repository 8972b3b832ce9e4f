// Builds its template values by hand, not as a typed view-model: the results section is rendered
// once and cached as HTML, and building by hand keeps that render fast (see docs/benchmarks.md).

import Mustache

/// The filter choices every results page offers whatever it shows — the train types and the parts
/// of the day —, in each language, worked out once: a page only marks those its search chose.
struct FilterOptions: Sendable {
    /// Each option unchecked and checked, by language.
    private let types: [Language: [(MustacheValue, MustacheValue)]]
    private let windows: [Language: [(MustacheValue, MustacheValue)]]

    init(messages: Messages) {
        var types: [Language: [(MustacheValue, MustacheValue)]] = [:], windows: [Language: [(MustacheValue, MustacheValue)]] = [:]
        func both(_ option: MustacheObject) -> (MustacheValue, MustacheValue) { (Self.checked(option, false), Self.checked(option, true)) }
        for language in Language.allCases {
            types[language] = TrainType.allCases.map {
                both(Self.option("type", $0.rawValue, messages.text($0.messageKey, language)))
            }
            windows[language] = SearchQuery.DepartureWindow.allCases.map {
                both(Self.option("time", $0.rawValue, messages.text(Self.windowKey($0), language)))
            }
        }
        self.types = types
        self.windows = windows
    }

    private static func windowKey(_ window: SearchQuery.DepartureWindow) -> String {
        switch window {
        case .night: "time_window_0_6"
        case .morning: "time_window_6_12"
        case .afternoon: "time_window_12_18"
        case .evening: "time_window_18_24"
        }
    }

    /// The train types in `language`, those in `chosen` checked.
    func types(in language: Language, chosen: Set<TrainType>) -> [MustacheValue] {
        zip(TrainType.allCases, types[language] ?? []).map { type, option in chosen.contains(type) ? option.1 : option.0 }
    }

    /// The parts of the day in `language`, those in `chosen` checked.
    func windows(in language: Language, chosen: Set<SearchQuery.DepartureWindow>) -> [MustacheValue] {
        zip(SearchQuery.DepartureWindow.allCases, windows[language] ?? []).map { window, option in
            chosen.contains(window) ? option.1 : option.0
        }
    }

    /// A check box of the filter form (`timetable/_filter_option`), not checked.
    static func option(_ name: String, _ value: String, _ label: String) -> MustacheObject {
        ["name": .string(name), "value": .string(value), "label": .string(label), "id": .string("filter-" + name + "-" + value)]
    }

    /// `option` checked or not.
    static func checked(_ option: MustacheObject, _ isChecked: Bool) -> MustacheValue {
        var option = option
        option["checked"] = .bool(isChecked)
        return .object(option)
    }
}
