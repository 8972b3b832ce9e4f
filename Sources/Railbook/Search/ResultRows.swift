// Builds its template values by hand, not as a typed view-model: the results section is rendered
// once and cached as HTML, and building by hand keeps that render fast (see docs/benchmarks.md).

/// The result rows of a results section, each rendered on its own (`timetable/_trip`) with its seat
/// counts as gaps, and kept in the parts cache for every later search that shows the same train on
/// the same stretch and day the same way (another filter, sort or language renders its own).
struct ResultRows {
    let renderer: PageRenderer
    let parts: SearchPartsCache
    let runsGeneration: Int

    /// The rows of `trips` by their position among every trip of the day (which their gaps are
    /// filled from), `positions` (`SearchResultsViewModel.positions(of:)`).
    func rows(of trips: [Trip], positions: [Trip.Identity: Int], model: TripRowViewModel) throws -> [Int: SeatGaps] {
        let language = model.text.language
        let columns = model.columns ?? []
        var rows: [Int: SeatGaps] = [:]
        for trip in trips {
            guard let position = positions[trip.identity] else { continue }
            let key = SearchPartsCache.Row(
                trip: trip, language: language, columns: columns, showsStations: model.showsStations(trip), delay: model.delays[trip])
            if let row = parts.row(key, runsGeneration: runsGeneration) {
                rows[position] = row
                continue
            }
            guard case .object(let values) = model.value(trip, gapsAt: 0) else { continue }
            let row = SeatGaps(cutting: try renderer.fragment("timetable/_trip", values, language: language))
            parts.store(row, for: key, runsGeneration: runsGeneration)
            rows[position] = row
        }
        return rows
    }
}
