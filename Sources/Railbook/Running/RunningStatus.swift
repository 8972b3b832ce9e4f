/// A run's times at each stop as they stand now: those reported, and after each report the delay
/// carried on to the stops that follow, less `recoveryPerStop` minutes a stop (the slack a late
/// train makes up), until a later report says otherwise. Before any report the run's whole delay
/// (an administrator's "delayed N minutes") stands from its first stop. A train never leaves before
/// its scheduled time nor before it arrived.
struct RunningStatus: Sendable {
    /// One stop of the run.
    struct Stop: Sendable {
        let sequence: Int
        let stationID: Int64
        let scheduledArrival: Int?
        let scheduledDeparture: Int?
        /// The arrival as reported or expected; nil at the first stop.
        let arrival: Int?
        let arrivalIsActual: Bool
        /// The departure as reported or expected; nil at the last stop.
        let departure: Int?
        let departureIsActual: Bool
        let platform: String?
        let gate: String?
        /// True when something was reported at this stop.
        let isReported: Bool

        /// Minutes late on arrival (negative when early), nil at the first stop.
        var arrivalDelay: Int? { arrival.flatMap { time in scheduledArrival.map { time - $0 } } }
        /// Minutes late on departure, nil at the last stop.
        var departureDelay: Int? { departure.flatMap { time in scheduledDeparture.map { time - $0 } } }
        /// The delay shown for the stop: on departure, or on arrival at the last stop.
        var delay: Int { departureDelay ?? arrivalDelay ?? 0 }
    }

    let stops: [Stop]
    /// True when anything is known beyond the timetable: a report, or the run's whole delay.
    let isKnown: Bool

    /// The status of a run of `train` whose whole delay is `runDelay`, with `reports` by stop.
    init(train: Train, runDelay: Int, reports: [Int: StopReport], recoveryPerStop: Int) {
        isKnown = runDelay > 0 || !reports.isEmpty
        var carried = max(0, runDelay)
        var stops: [Stop] = []
        for (sequence, stop) in train.stops.enumerated() {
            let report = reports[sequence]
            var arrival: Int?, arrivalIsActual = false
            if let scheduled = stop.arrivalMinute {
                if let reported = report?.arrival {
                    arrival = reported.minute
                    arrivalIsActual = reported.isActual
                    carried = reported.minute - scheduled
                } else {
                    arrival = scheduled + max(0, carried)
                }
            }
            var departure: Int?, departureIsActual = false
            if let scheduled = stop.departureMinute {
                if let reported = report?.departure {
                    departure = reported.minute
                    departureIsActual = reported.isActual
                } else {
                    departure = max(scheduled + carried, scheduled, arrival ?? scheduled)
                }
                carried = max(0, (departure ?? scheduled) - scheduled - recoveryPerStop)
            }
            stops.append(
                Stop(
                    sequence: sequence, stationID: stop.stationID, scheduledArrival: stop.arrivalMinute,
                    scheduledDeparture: stop.departureMinute, arrival: arrival, arrivalIsActual: arrivalIsActual,
                    departure: departure, departureIsActual: departureIsActual, platform: report?.platform, gate: report?.gate,
                    isReported: report != nil))
        }
        self.stops = stops
    }
}
