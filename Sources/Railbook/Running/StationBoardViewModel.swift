import Mustache

/// The station board page (`timetable/board`): the station, the board's time, and its tables
/// (`StationBoardSectionsViewModel`, rendered once a minute and kept in `Railway.boards`).
struct StationBoardViewModel: Encodable {
    let station: String
    let code: String
    let title: String
    /// "Updated 07:31": the board's time.
    let updated: String
    let refreshSeconds: Int
    /// The departures and arrivals tables, in UTF-8, written as they are.
    let sectionsHTML: MustacheValue

    init(station: Station, now: Int, refreshSeconds: Int, sectionsHTML: [UInt8], text: TextLookup) {
        self.station = station.name(in: text.language)
        code = station.telecode
        title = text("board_title", self.station)
        let minute = (now + ChinaTime.offsetSeconds) / 60 % 1440
        updated = text("board_updated", ClockTime.format(minute))
        self.refreshSeconds = refreshSeconds
        self.sectionsHTML = .utf8(sectionsHTML[...])
    }
}

/// A station board's departures and arrivals tables (`timetable/_board_sections`).
struct StationBoardSectionsViewModel: Encodable {
    struct Row: Encodable {
        let train: String
        let href: String
        /// The scheduled time, `HH:MM`.
        let scheduled: String
        /// The time as it stands when it differs from the scheduled one.
        let expected: String?
        /// The day ("12月9日") when it is not today.
        let day: String?
        /// The station it goes to (departures) or comes from (arrivals).
        let otherEnd: String
        let platform: String?
        let gate: String?
        /// "On time", "12 minutes late", "Cancelled".
        let status: String
        let isLate: Bool
        let isCancelled: Bool
        let delayMinutes: Int
    }

    let departures: [Row]
    let arrivals: [Row]
    let hasDepartures: Bool
    let hasArrivals: Bool

    init(board: StationBoard, now: Int, timetable: Timetable, text: TextLookup) {
        let today = ChinaTime.date(at: now)
        func row(_ call: StationBoard.Call) -> Row {
            let expectedMinute = call.scheduled + call.delay
            let day = call.serviceDate.adding(days: call.scheduled / 1440)
            return Row(
                train: call.train.number, href: "/trains/\(call.train.number)?date=\(call.serviceDate)",
                scheduled: ClockTime.format(call.scheduled), expected: call.delay == 0 ? nil : ClockTime.format(expectedMinute),
                day: day == today ? nil : text("date_short", String(day.month), String(day.day)),
                otherEnd: timetable.station(call.otherEnd)?.name(in: text.language) ?? "", platform: call.platform, gate: call.gate,
                status: call.isCancelled ? text("board_cancelled") : RunningStopViewModel.delayText(call.delay, text: text),
                isLate: call.delay > 0 && !call.isCancelled, isCancelled: call.isCancelled, delayMinutes: call.delay)
        }
        departures = board.departures.map(row)
        arrivals = board.arrivals.map(row)
        hasDepartures = !departures.isEmpty
        hasArrivals = !arrivals.isEmpty
    }
}
