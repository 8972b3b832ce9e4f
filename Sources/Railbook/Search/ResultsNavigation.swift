// Builds its template values by hand, not as a typed view-model: the results section is rendered
// once and cached as HTML, and building by hand keeps that render fast (see docs/benchmarks.md).

import Mustache

/// The date strip and the filter form's fields of a results page: what a search shows that depends
/// on its stations and choices but neither on its date nor on its trains' seats. Each is rendered
/// once (`timetable/_strip_link`, `timetable/_filter_fields`) and kept in the parts cache, so that
/// every search of the same stations with the same choices, in the same language, on any day of
/// the presale window, shares it: a traveller going through the days of the strip renders neither
/// again. A page only picks its own day out of the strip.
struct ResultsNavigation {
    /// The days of a strip rendered as links, each as it reads when the search is for another day
    /// and as it reads when the search is for that day.
    struct DateStrip: Sendable {
        /// A day's link as the current day, and where its other form lies in `html`.
        struct Day: Sendable {
            let date: CivilDate
            let range: Range<Int>
            let current: [UInt8]
        }

        /// Every day's link, none of them current, one after another.
        let html: [UInt8]
        let days: [Day]

        /// The strip with `date`'s link as the current day (none when it is not in the strip).
        func html(current date: CivilDate) -> [UInt8] {
            guard let day = days.first(where: { $0.date == date }) else { return html }
            var strip: [UInt8] = []
            strip.reserveCapacity(html.count - day.range.count + day.current.count)
            html.withUnsafeBufferPointer { links in
                strip.append(contentsOf: UnsafeBufferPointer(rebasing: links[..<day.range.lowerBound]))
                strip.append(contentsOf: day.current)
                strip.append(contentsOf: UnsafeBufferPointer(rebasing: links[day.range.upperBound...]))
            }
            return strip
        }

        var bytes: Int { MemoryCost.of(html) + MemoryCost.of(days) + days.reduce(0) { $0 + MemoryCost.of($1.current) } }
    }

    let renderer: PageRenderer
    let parts: SearchPartsCache
    /// The runs and timetable the page is rendered from: the fares, station names and labels.
    let runsGeneration: Int
    let language: Language

    /// The strip of `days` linking each to the search of `links` on that day, with its lowest fare
    /// between `origin` and `destination`, `current` marked as the page's day.
    func dateStrip(
        _ days: [DateStripDays.Day], links: SearchLinks, lowestFares: [CivilDate: SearchPartsCache.DayFare],
        origin: Station, destination: Station, current: CivilDate
    ) throws -> [UInt8] {
        guard let first = days.first else { return [] }
        let key = SearchPartsCache.DateStripKey(
            links: links.target(date: ""), origin: origin.id, destination: destination.id,
            firstDay: first.date, days: days.count, language: language)
        if let strip = parts.dateStrip(key, runsGeneration: runsGeneration) { return strip.html(current: current) }
        var html: [UInt8] = [], stripDays: [DateStrip.Day] = []
        for day in days {
            func link(isCurrent: Bool) throws -> [UInt8] {
                let fare = lowestFares[day.date]
                return try renderer.fragment(
                    "timetable/_strip_link",
                    [
                        "day": .utf8(day.html[...]), "date": .string(day.text), "href": .string(links.target(date: day.text)),
                        "current": .bool(isCurrent),
                        "lowestFare": fare.map { .string($0.text) } ?? .null, "lowestFen": fare.map { .int($0.fen) } ?? .null,
                    ], language: language)
            }
            let start = html.count
            html += try link(isCurrent: false)
            stripDays.append(DateStrip.Day(date: day.date, range: start..<html.count, current: try link(isCurrent: true)))
        }
        let strip = DateStrip(html: html, days: stripDays)
        parts.store(strip, for: key, runsGeneration: runsGeneration)
        return strip.html(current: current)
    }

    /// The filter form's fields after the stations and date (`values` gives what they show, asked
    /// only when they are not kept) for the search of `links` whose trains of the day leave from
    /// `fromStations` and arrive at `toStations`: the same for every search with the same choices
    /// between the same stations, however their names were typed.
    func filterFields(
        links: SearchLinks, fromStations: [Int64], toStations: [Int64],
        values: () -> MustacheObject
    ) throws -> [UInt8] {
        let key = SearchPartsCache.FilterFieldsKey(
            choices: links.choices, fromStations: fromStations, toStations: toStations,
            language: language)
        if let html = parts.filterFields(key, runsGeneration: runsGeneration) { return html }
        let html = try renderer.fragment("timetable/_filter_fields", values(), language: language)
        parts.store(filterFields: html, for: key, runsGeneration: runsGeneration)
        return html
    }
}
