/// A time reported for a run at a stop, in minutes after midnight of the run's service date (as
/// the timetable counts them: 1510 is 01:10 the next day), expected or already actual.
struct ReportedTime: Sendable, Equatable {
    let minute: Int
    let isActual: Bool
}

/// What was reported of a run at one stop (`sequence`, its position on the train's route); a
/// field left nil was not reported.
struct StopReport: Sendable, Equatable {
    let sequence: Int
    var arrival: ReportedTime?
    var departure: ReportedTime?
    var platform: String?
    var gate: String?

    /// This report with the fields `newer` gives put over it.
    func updated(by newer: StopReport) -> StopReport {
        StopReport(
            sequence: sequence, arrival: newer.arrival ?? arrival, departure: newer.departure ?? departure,
            platform: newer.platform ?? platform, gate: newer.gate ?? gate)
    }
}
