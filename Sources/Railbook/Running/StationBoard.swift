import Storage

/// A station's departures and arrivals board: the calls of the runs at one station from a few
/// minutes ago on, at the times they stand now (`RunningStatus`), each with the train, where it
/// comes from or goes to, platform and gate, cancelled runs marked.
struct StationBoard: Sendable {
    /// One train calling: its departure (or arrival) at the station.
    struct Call: Sendable {
        let train: Train
        let serviceDate: CivilDate
        let scheduled: Int
        /// Unix seconds when it leaves (arrives) as it stands now.
        let expectedAt: Int
        let delay: Int
        let isActual: Bool
        let isCancelled: Bool
        let platform: String?
        let gate: String?
        /// The train's last stop (for a departure) or first stop (for an arrival).
        let otherEnd: Int64
    }

    /// How many calls of each kind the board shows.
    static let rows = 20
    /// Calls shown after they happened, so a traveller running late still finds their train.
    static let graceSeconds = 2 * 60
    /// How far ahead the board looks.
    static let horizonSeconds = 12 * 3600

    let departures: [Call]
    let arrivals: [Call]

    /// The board of `station` at `now` (Unix seconds).
    init(station: Station, now: Int, railway: Railway, recoveryPerStop: Int, in db: Database) throws {
        let timetable = railway.timetable
        let today = ChinaTime.date(at: now)
        var departures: [Call] = [], arrivals: [Call] = []
        var statuses: [Int64: RunningStatus] = [:]
        for (trainIndex, stopIndex) in timetable.callsByStation[station.id] ?? [] {
            let train = timetable.trains[trainIndex], stop = train.stops[stopIndex]
            // Runs that started up to `daysBehind` days ago (overnight trains) or start tomorrow.
            for offset in -RunSchedule.daysBehind...1 {
                let date = today.adding(days: offset)
                guard let run = try railway.runs.runs(on: date)[train.id] else { continue }
                let startsAt = RunLeg.unixTime(date, minute: 0)
                let earliest = startsAt + stop.arrivalOrDeparture * 60 - RunningReportForm.earliestMinutes * 60
                let latest = startsAt + stop.departureOrArrival * 60 + RunningReportForm.latestMinutes * 60
                guard latest >= now - Self.graceSeconds, earliest <= now + Self.horizonSeconds else { continue }
                let status =
                    try statuses[run.id]
                    ?? RunningStatus(
                        train: train, runDelay: run.delayMinutes, reports: RunningTimes.reports(ofRun: run.id, in: db),
                        recoveryPerStop: recoveryPerStop)
                statuses[run.id] = status
                let running = status.stops[stopIndex]
                func call(_ scheduled: Int, _ expected: Int, _ isActual: Bool, otherEnd: Int64) -> Call? {
                    let at = startsAt + expected * 60
                    guard at >= now - Self.graceSeconds, at <= now + Self.horizonSeconds else { return nil }
                    return Call(
                        train: train, serviceDate: date, scheduled: scheduled, expectedAt: at, delay: expected - scheduled, isActual: isActual,
                        isCancelled: run.isCancelled, platform: running.platform, gate: running.gate, otherEnd: otherEnd)
                }
                if let scheduled = stop.departureMinute, let expected = running.departure,
                    let made = call(scheduled, expected, running.departureIsActual, otherEnd: train.stops.last?.stationID ?? 0)
                {
                    departures.append(made)
                }
                if let scheduled = stop.arrivalMinute, let expected = running.arrival,
                    let made = call(scheduled, expected, running.arrivalIsActual, otherEnd: train.stops.first?.stationID ?? 0)
                {
                    arrivals.append(made)
                }
            }
        }
        let order: (Call, Call) -> Bool = { ($0.expectedAt, $0.train.number) < ($1.expectedAt, $1.train.number) }
        self.departures = Array(departures.sorted(by: order).prefix(Self.rows))
        self.arrivals = Array(arrivals.sorted(by: order).prefix(Self.rows))
    }
}
