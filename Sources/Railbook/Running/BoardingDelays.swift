/// How late each trip of a results page is expected to leave its boarding stop as things stand
/// (`RunningStatus`: the run's reports, or its whole delay carried on from its first stop), for the
/// results rows. Only delays of a minute or more are kept; a cancelled run has none.
struct BoardingDelays: Equatable, Sendable {
    private(set) var minutes: [Trip.Identity: Int] = [:]

    /// The delays of `trips`, their runs' reports read from memory at once.
    init(of trips: [Trip], railway: Railway) throws {
        let reports = try railway.runningTimes.reports(ofRuns: trips.map(\.run.id))
        var statuses: [Int64: RunningStatus] = [:]
        for trip in trips where !trip.isCancelled {
            let runReports = reports[trip.run.id] ?? [:]
            guard trip.run.delayMinutes > 0 || !runReports.isEmpty else { continue }
            let status =
                statuses[trip.run.id]
                ?? RunningStatus(
                    train: trip.train, runDelay: trip.run.delayMinutes, reports: runReports,
                    recoveryPerStop: railway.running.recoveryMinutesPerStop)
            statuses[trip.run.id] = status
            guard trip.originIndex < status.stops.count, let delay = status.stops[trip.originIndex].departureDelay, delay > 0 else { continue }
            minutes[trip.identity] = delay
        }
    }

    /// None at all.
    init() {}

    /// Minutes late leaving the boarding stop of `trip`, 0 when on time.
    subscript(trip: Trip) -> Int { minutes[trip.identity] ?? 0 }
}
