extension Timetable {
    /// The city a traveller means by `name`, as the station list files it (北京 for 北京南): a city
    /// with stations, also typed with 市, or a station's name (with or without 站) standing for its
    /// city; nil when no station is there.
    func city(named name: String) -> String? {
        let typed = name.trimmed
        guard !typed.isEmpty else { return nil }
        for candidate in [typed, typed.hasSuffix("市") ? String(typed.dropLast()) : typed] where stationsByCity[candidate] != nil {
            return candidate
        }
        let stationName = typed.hasSuffix("站") ? String(typed.dropLast()) : typed
        return stationsBySpelling[stationName]?.first { $0.name == stationName }?.city
    }
}
