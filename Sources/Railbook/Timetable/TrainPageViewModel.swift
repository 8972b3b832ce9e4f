import HTTP
import Mustache

/// The train page (`timetable/train`): the run's status, the seat classes for the chosen stretch,
/// the dates with a run, any problem with the query, and the stops (`TrainStopsViewModel`, rendered
/// apart and kept in `Railway.trainStops`).
struct TrainPageViewModel: Encodable {
    /// The run shown: scheduled or cancelled, and its delay.
    struct RunStatus: Encodable {
        /// `scheduled` or `cancelled`.
        let status: String
        let statusText: String
        let isCancelled: Bool
        let cancelledText: String
        /// "Delayed 15 minutes", while the run is late and not cancelled.
        let delay: String?
        let delayMinutes: Int
        let serviceDateText: String
    }

    /// A date of the presale window with a run, as a link to its page.
    struct RunDate: Encodable {
        let date: String
        let label: String
        let weekday: String
        let href: String
        /// True for the run shown.
        let current: Bool
        let isCancelled: Bool
    }

    /// The train number.
    let train: String
    /// The train type's name.
    let type: String
    let title: String
    /// "北京南 → 上海虹桥".
    let route: String
    /// The stops section, in UTF-8, written as it is.
    let stopsHTML: MustacheValue
    /// What was wrong with the query.
    let problems: [String]
    let hasProblems: Bool
    let runDates: [RunDate]
    let hasRunDates: Bool
    let runDatesText: String
    /// The run's service date, when the page shows a run.
    let date: String?
    let run: RunStatus?
    /// Prices and seats left on the chosen stretch of the run shown.
    let stretch: TrainStretchViewModel?

    /// The classes' prices and seats left for the stretch the page shows, nil when it shows none.
    static func stretchOffers(_ train: Train, _ outcome: TrainPageValidation.Outcome, railway: Railway) throws -> [Trip.Offer]? {
        guard outcome.date != nil, let run = outcome.run, outcome.origin < outcome.destination, outcome.destination < 64 else { return nil }
        return try railway.search.offers(train, run, from: outcome.origin, to: outcome.destination)
    }

    /// The page of `train` for the query checked into `outcome`, with the chosen stretch's `offers`
    /// (`stretchOffers`) and the stops section `stopsHTML`; `presaleWindow` is the days on sale today.
    init(
        train: Train, outcome: TrainPageValidation.Outcome, offers: [Trip.Offer]?, timetable: Timetable,
        presaleWindow: ClosedRange<CivilDate>, stopsHTML: [UInt8], text: TextLookup
    ) {
        let language = text.language
        let stations = train.stops.map { timetable.station($0.stationID) }
        self.train = train.number
        type = text(train.type.messageKey)
        title = text("train_title", train.number)
        route = text("train_route", stations.first??.name(in: language) ?? "", stations.last??.name(in: language) ?? "")
        self.stopsHTML = .utf8(stopsHTML[...])
        problems = outcome.problems.map { $0.text(text) }
        hasProblems = !outcome.problems.isEmpty
        runDates = outcome.runDates.map { Self.runDate($0, of: train, outcome: outcome, stations: stations, text: text) }
        hasRunDates = !outcome.runDates.isEmpty
        runDatesText = text(outcome.runDates.isEmpty ? "train_no_runs" : "train_run_dates", train.number)
        date = outcome.date?.description
        if let date = outcome.date, let run = outcome.run {
            self.run = RunStatus(
                status: run.isCancelled ? "cancelled" : "scheduled",
                statusText: text(run.isCancelled ? "train_status_cancelled" : "train_status_scheduled"),
                isCancelled: run.isCancelled,
                cancelledText: text("train_cancelled_notice", train.number, date.description),
                delay: run.delayMinutes > 0 && !run.isCancelled ? text("delay_minutes", String(run.delayMinutes)) : nil,
                delayMinutes: run.delayMinutes,
                serviceDateText: text("train_service_date", date.description))
            stretch = offers.map {
                TrainStretchViewModel(
                    train: train, run: run, date: date, offers: $0, outcome: outcome, stations: stations,
                    presaleWindow: presaleWindow, text: text)
            }
        } else {
            run = nil
            stretch = nil
        }
    }

    private static func runDate(
        _ entry: (date: CivilDate, run: RunInfo), of train: Train, outcome: TrainPageValidation.Outcome,
        stations: [Station?], text: TextLookup
    ) -> RunDate {
        var query = "?date=" + entry.date.description
        if outcome.isOriginChosen, let code = stations[outcome.origin]?.telecode {
            query += "&from=" + code
        }
        if outcome.isDestinationChosen, let code = stations[outcome.destination]?.telecode {
            query += "&to=" + code
        }
        return RunDate(
            date: entry.date.description, label: text("date_short", String(entry.date.month), String(entry.date.day)),
            weekday: text(entry.date.weekdayKey), href: "/trains/" + PercentEncoding.encode(train.number) + query,
            current: entry.date == outcome.date, isCancelled: entry.run.isCancelled)
    }
}
