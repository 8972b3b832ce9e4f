/// A train's stops (`timetable/_train_stops`): times, dwell and distance, the chosen stretch marked,
/// and, for a run running, each stop's times as they stand. Rendered apart from the page and kept
/// while the runs and running reports it shows stand (`Railway.trainStops`).
struct TrainStopsViewModel: Encodable {
    /// A stops section as rendered: the train, the run's date, the stretch and the language.
    struct Key: Hashable, Sendable {
        let trainID: Int64
        let date: CivilDate?
        let origin: Int
        let destination: Int
        let isOriginChosen: Bool
        let isDestinationChosen: Bool
        let language: Language

        init(train: Train, outcome: TrainPageValidation.Outcome, language: Language) {
            trainID = train.id
            date = outcome.date
            origin = outcome.origin
            destination = outcome.destination
            isOriginChosen = outcome.isOriginChosen
            isDestinationChosen = outcome.isDestinationChosen
            self.language = language
        }
    }

    /// `HH:MM` with the days after the service date (`+1`) apart, so the template can mark them
    /// (`timetable/_clock`).
    struct Clock: Encodable {
        let clock: String
        let plusDays: String?

        init(_ minute: Int) {
            clock = ClockTime.format(minute)
            plusDays = minute >= 1440 ? "+\(minute / 1440)" : nil
        }
    }

    /// One stop of the train, marked where the chosen stretch starts and ends.
    struct StopRow: Encodable {
        let sequence: Int
        let name: String
        /// The station's telecode.
        let code: String
        /// Nil at the first stop.
        let arrives: Clock?
        /// Nil at the last stop.
        let departs: Clock?
        /// "2 minutes" at a stop between the ends.
        let dwell: String?
        let distance: String
        let isFrom: Bool
        let isTo: Bool
        /// True for stops outside the chosen stretch.
        let isOutside: Bool
        /// The day the train is at the stop, when the page shows a run.
        let date: String?
        /// The times expected or actual, the delay, platform and gate, when the page shows a run running.
        var live: RunningStopViewModel? = nil
    }

    /// The train number.
    let train: String
    /// The run's service date, when the page shows a run.
    let date: String?
    let stopsCaption: String
    let stops: [StopRow]
    /// True when the stops show the run's times as they stand: a run shown that is not cancelled,
    /// with a report or a delay (an on-time run without reports shows the timetable alone).
    let hasRunning: Bool

    /// The stops of `train` for the query checked into `outcome`, with the run's `running` status.
    init(train: Train, outcome: TrainPageValidation.Outcome, running: RunningStatus?, timetable: Timetable, text: TextLookup) {
        let stations = train.stops.map { timetable.station($0.stationID) }
        self.train = train.number
        date = outcome.date?.description
        stopsCaption = text("train_stops_caption", train.number)
        let liveStops = outcome.run?.isCancelled == false && running?.isKnown == true ? running?.stops : nil
        stops = train.stops.indices.map { index in
            var row = Self.stop(index, of: train, at: stations[index], outcome: outcome, text: text)
            row.live = liveStops.flatMap { index < $0.count ? RunningStopViewModel($0[index], timetable: timetable, text: text) : nil }
            return row
        }
        hasRunning = liveStops != nil
    }

    private static func stop(
        _ index: Int, of train: Train, at station: Station?, outcome: TrainPageValidation.Outcome,
        text: TextLookup
    ) -> StopRow {
        let stop = train.stops[index]
        let isChosen = outcome.isOriginChosen || outcome.isDestinationChosen
        return StopRow(
            sequence: index + 1, name: station?.name(in: text.language) ?? "", code: station?.telecode ?? "",
            arrives: stop.arrivalMinute.map(Clock.init), departs: stop.departureMinute.map(Clock.init),
            dwell: stop.dwell.map { text("train_dwell_minutes", String($0)) },
            distance: text("train_distance_km", String(stop.distanceKm)),
            isFrom: outcome.isOriginChosen && index == outcome.origin, isTo: outcome.isDestinationChosen && index == outcome.destination,
            isOutside: isChosen && (index < outcome.origin || index > outcome.destination),
            date: outcome.date.map { $0.adding(days: stop.departureOrArrival / 1440).description })
    }
}
