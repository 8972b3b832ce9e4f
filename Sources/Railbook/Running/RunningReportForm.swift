/// A running report as typed on the administrators' form or sent by a train-tracking system, its
/// fields as text, checked against the run's train and what was reported of it before
/// (`check`): the station must be a stop of the train, each time one the stop has, between half
/// an hour early and a day late, in order with every time reported at the stops before and after
/// it; platform and gate up to 8 letters, digits or hyphens. Nothing is stored on a refusal.
struct RunningReportForm: Sendable {
    /// Why a report was refused; `messageKey` says it in the page's language.
    enum Problem: Error, Equatable {
        case cancelled
        case notAStop
        case nothingReported
        case badTime
        case noArrivalAtFirstStop
        case noDepartureAtLastStop
        case tooEarly
        case tooLate
        case outOfOrder
        case badPlatform
        case badGate

        var messageKey: String {
            switch self {
            case .cancelled: "running_problem_cancelled"
            case .notAStop: "running_problem_not_a_stop"
            case .nothingReported: "running_problem_nothing"
            case .badTime: "running_problem_bad_time"
            case .noArrivalAtFirstStop: "running_problem_first_stop"
            case .noDepartureAtLastStop: "running_problem_last_stop"
            case .tooEarly: "running_problem_too_early"
            case .tooLate: "running_problem_too_late"
            case .outOfOrder: "running_problem_out_of_order"
            case .badPlatform: "running_problem_platform"
            case .badGate: "running_problem_gate"
            }
        }
    }

    /// How much earlier than scheduled a time may be.
    static let earliestMinutes = 30
    /// How much later than scheduled a time may be: a day, as a whole run's delay.
    static let latestMinutes = RunDelay.maximumMinutes

    /// The station's telecode.
    var station: String
    /// `HH:MM`, `HH:MM+1` (the day after the service date) or empty for none.
    var arrival: String
    var arrivalIsActual: Bool
    var departure: String
    var departureIsActual: Bool
    var platform: String
    var gate: String

    /// The report at the stop `station` names, or the problem with it. `timetable` finds the
    /// station, `reports` are the run's reports so far by stop.
    func check(train: Train, timetable: Timetable, reports: [Int: StopReport]) throws(Problem) -> StopReport {
        guard let station = timetable.stationsByTelecode[station.trimmed.uppercased()],
            let sequence = train.stopIndex(of: station.id)
        else { throw .notAStop }
        let stop = train.stops[sequence]
        let arrivalText = arrival.trimmed, departureText = departure.trimmed
        let platformText = platform.trimmed, gateText = gate.trimmed
        guard !arrivalText.isEmpty || !departureText.isEmpty || !platformText.isEmpty || !gateText.isEmpty else {
            throw .nothingReported
        }
        var report = StopReport(sequence: sequence)
        if !arrivalText.isEmpty {
            guard let scheduled = stop.arrivalMinute else { throw .noArrivalAtFirstStop }
            report.arrival = ReportedTime(minute: try Self.minute(arrivalText, near: scheduled), isActual: arrivalIsActual)
        }
        if !departureText.isEmpty {
            guard let scheduled = stop.departureMinute else { throw .noDepartureAtLastStop }
            report.departure = ReportedTime(minute: try Self.minute(departureText, near: scheduled), isActual: departureIsActual)
        }
        if !platformText.isEmpty {
            guard Self.isLabel(platformText) else { throw .badPlatform }
            report.platform = platformText
        }
        if !gateText.isEmpty {
            guard Self.isLabel(gateText) else { throw .badGate }
            report.gate = gateText
        }
        var merged = reports
        merged[sequence] = reports[sequence].map { $0.updated(by: report) } ?? report
        guard Self.inOrder(merged) else { throw .outOfOrder }
        return report
    }

    /// `HH:MM` or `HH:MM+N` (N days after the service date, 0 to 2) as minutes after midnight of the
    /// service date; without `+N`, the day that puts it nearest `scheduled`. Between
    /// `earliestMinutes` before and `latestMinutes` after `scheduled`.
    static func minute(_ text: String, near scheduled: Int) throws(Problem) -> Int {
        let pieces = text.split(separator: "+", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), let clock = ClockTime.parse(String(pieces[0])) else { throw .badTime }
        let minute: Int
        if pieces.count == 2 {
            guard pieces[1].count == 1, let days = Int(pieces[1]), (0...2).contains(days) else { throw .badTime }
            minute = clock + days * 1440
        } else {
            minute = (0...2).map { clock + $0 * 1440 }.min { abs($0 - scheduled) < abs($1 - scheduled) } ?? clock
        }
        guard minute >= scheduled - earliestMinutes else { throw .tooEarly }
        guard minute <= scheduled + latestMinutes else { throw .tooLate }
        return minute
    }

    /// True when every reported time comes no earlier than those reported before it on the route.
    static func inOrder(_ reports: [Int: StopReport]) -> Bool {
        let times = reports.keys.sorted().flatMap { [reports[$0]?.arrival?.minute, reports[$0]?.departure?.minute].compactMap { $0 } }
        return zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// A platform or gate: 1 to 8 ASCII letters, digits or hyphens (`12`, `A3`, `B12-14`).
    private static func isLabel(_ text: String) -> Bool {
        (1...8).contains(text.utf8.count)
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D }
    }
}
