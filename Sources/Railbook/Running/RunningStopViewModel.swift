/// One stop of a run as the train status, the station board and the administrators' running page
/// show it: the scheduled times, the times expected or actual, the delay, platform and gate.
struct RunningStopViewModel: Encodable {
    let sequence: Int
    let station: String
    let code: String
    let scheduledArrival: String?
    let scheduledDeparture: String?
    /// The time expected or actual, with `+1` when it is the day after the service date.
    let arrival: String?
    let arrivalIsActual: Bool
    let departure: String?
    let departureIsActual: Bool
    /// "On time", "12 minutes late", "3 minutes early".
    let delayText: String
    let delayMinutes: Int
    let isLate: Bool
    let platform: String?
    let gate: String?
    let isReported: Bool

    init(_ stop: RunningStatus.Stop, timetable: Timetable, text: TextLookup) {
        sequence = stop.sequence
        let station = timetable.station(stop.stationID)
        self.station = station?.name(in: text.language) ?? ""
        code = station?.telecode ?? ""
        scheduledArrival = stop.scheduledArrival.map(Self.clock)
        scheduledDeparture = stop.scheduledDeparture.map(Self.clock)
        arrival = stop.arrival.map(Self.clock)
        arrivalIsActual = stop.arrivalIsActual
        departure = stop.departure.map(Self.clock)
        departureIsActual = stop.departureIsActual
        delayMinutes = stop.delay
        isLate = stop.delay > 0
        delayText = Self.delayText(stop.delay, text: text)
        platform = stop.platform
        gate = stop.gate
        isReported = stop.isReported
    }

    /// `07:35`, or `00:20+1` on a later day than the service date.
    static func clock(_ minute: Int) -> String {
        ClockTime.format(minute) + (minute >= 1440 ? "+\(minute / 1440)" : "")
    }

    /// "On time", "12 minutes late" or "3 minutes early".
    static func delayText(_ minutes: Int, text: TextLookup) -> String {
        if minutes > 0 { return text("running_late", count: minutes, String(minutes)) }
        if minutes < 0 { return text("running_early", count: -minutes, String(-minutes)) }
        return text("running_on_time")
    }
}
