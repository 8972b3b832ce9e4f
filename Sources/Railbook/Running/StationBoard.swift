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

    /// A board as rendered: its station, language and minute.
    struct Key: Hashable, Sendable {
        let stationID: Int64
        let language: Language
        let minute: Int
    }

    /// How many calls of each kind the board shows.
    static let rows = 20
    /// Calls shown after they happened, so a traveller running late still finds their train.
    static let graceSeconds = 2 * 60
    /// How far ahead the board looks.
    static let horizonSeconds = 12 * 3600

    let departures: [Call]
    let arrivals: [Call]

    /// The board of `station` at `now` (Unix seconds), from the runs and running reports in memory.
    init(station: Station, now: Int, railway: Railway) throws {
        let timetable = railway.timetable
        let today = ChinaTime.date(at: now)
        // The runs calling within the board's hours: those that started up to `daysBehind` days ago
        // (overnight trains) or start tomorrow.
        var calls: [(train: Train, stopIndex: Int, date: CivilDate, run: RunInfo)] = []
        for (trainIndex, stopIndex) in timetable.callsByStation[station.id] ?? [] {
            let train = timetable.trains[trainIndex], stop = train.stops[stopIndex]
            for offset in -RunSchedule.daysBehind...1 {
                let date = today.adding(days: offset)
                guard let run = try railway.runs.runs(on: date)[train.id] else { continue }
                let startsAt = RunLeg.unixTime(date, minute: 0)
                let earliest = startsAt + stop.arrivalOrDeparture * 60 - RunningReportForm.earliestMinutes * 60
                let latest = startsAt + stop.departureOrArrival * 60 + RunningReportForm.latestMinutes * 60
                guard latest >= now - Self.graceSeconds, earliest <= now + Self.horizonSeconds else { continue }
                calls.append((train, stopIndex, date, run))
            }
        }
        let reports = try railway.runningTimes.reports(ofRuns: calls.map(\.run.id))
        var departures: [Call] = [], arrivals: [Call] = []
        for (train, stopIndex, date, run) in calls {
            let stop = train.stops[stopIndex], startsAt = RunLeg.unixTime(date, minute: 0)
            let running = RunningStatus(
                train: train, runDelay: run.delayMinutes, reports: reports[run.id] ?? [:],
                recoveryPerStop: railway.running.recoveryMinutesPerStop
            ).stops[stopIndex]
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
        let order: (Call, Call) -> Bool = { ($0.expectedAt, $0.train.number) < ($1.expectedAt, $1.train.number) }
        self.departures = Array(departures.sorted(by: order).prefix(Self.rows))
        self.arrivals = Array(arrivals.sorted(by: order).prefix(Self.rows))
    }
}
