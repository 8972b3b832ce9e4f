/// Checks the train page's query (`date`, `from`, `to`) against one train and its runs. Every
/// mistake becomes a problem to show; none hides the timetable, which does not depend on the date.
struct TrainPageValidation {
    let railway: Railway
    let today: CivilDate
    /// The page's language, for the station names in the messages.
    var language: Language = .chinese

    /// The run and stretch to show, with what was wrong with the query.
    struct Outcome {
        /// The run's service date, when the query named one or a default was found.
        var date: CivilDate?
        var run: RunInfo?
        /// The stops that prices and seats are for: the whole route unless `from`/`to` narrow it.
        var origin = 0
        var destination = 0
        /// True when the visitor chose the origin (or destination) stop, so the page highlights it.
        var isOriginChosen = false
        var isDestinationChosen = false
        var problems: [SearchValidation.Problem] = []
        /// The service dates of the presale window on which the train runs, in order.
        var runDates: [(date: CivilDate, run: RunInfo)] = []
    }

    func check(_ train: Train, date: String?, from: String?, to: String?) throws -> Outcome {
        var outcome = Outcome(destination: max(train.stops.count - 1, 0))
        let window = railway.presaleWindow(today: today)
        outcome.runDates = try (0...(window.upperBound.daysSinceEpoch - window.lowerBound.daysSinceEpoch)).compactMap { offset in
            let day = window.lowerBound.adding(days: offset)
            return try railway.runs.runs(on: day)[train.id].map { (day, $0) }
        }
        try chooseRun(of: train, date: date, window: window, into: &outcome)
        chooseStretch(of: train, from: from, to: to, into: &outcome)
        return outcome
    }

    /// Today's or the next run when no date is given; the named date's run otherwise.
    private func chooseRun(of train: Train, date text: String?, window: ClosedRange<CivilDate>, into outcome: inout Outcome) throws {
        guard let text = text?.trimmed, !text.isEmpty else {
            outcome.date = outcome.runDates.first?.date
            outcome.run = outcome.runDates.first?.run
            return
        }
        guard let date = CivilDate(iso: text) else {
            outcome.problems.append(.init(key: "train_date_invalid", arguments: [String(text.prefix(20))]))
            return
        }
        // Only dates whose runs are kept are looked up, so odd dates never fill the run cache.
        let kept = today.adding(days: -RunSchedule.daysBehind)...window.upperBound
        guard kept.contains(date), let run = try railway.runs.runs(on: date)[train.id] else {
            outcome.problems.append(.init(key: "train_date_no_run", arguments: [train.number, date.description]))
            return
        }
        outcome.date = date
        outcome.run = run
    }

    /// Narrows the stretch to the chosen stops when they are on the train and in order.
    private func chooseStretch(of train: Train, from: String?, to: String?, into outcome: inout Outcome) {
        let origin = stopIndex(named: from, on: train, problems: &outcome.problems)
        let destination = stopIndex(named: to, on: train, problems: &outcome.problems)
        let start = origin ?? 0, end = destination ?? train.stops.count - 1
        guard origin != nil || destination != nil else { return }
        guard start < end else {
            let names = [start, end].map { railway.timetable.station(train.stops[$0].stationID)?.name(in: language) ?? "" }
            outcome.problems.append(.init(key: "train_stops_order", arguments: [train.number] + names))
            return
        }
        outcome.origin = start
        outcome.destination = end
        outcome.isOriginChosen = origin != nil
        outcome.isDestinationChosen = destination != nil
    }

    /// The stop of `train` at the station `text` names (or, failing that, at another station of its city).
    private func stopIndex(named text: String?, on train: Train, problems: inout [SearchValidation.Problem]) -> Int? {
        guard let text = text?.trimmed, !text.isEmpty else { return nil }
        let timetable = railway.timetable
        guard let station = railway.resolver.resolve(text) else {
            problems.append(.init(key: "error_station_unknown", arguments: [String(text.prefix(30))]))
            return nil
        }
        if let index = train.stopIndex(of: station.id) { return index }
        if let index = train.stops.firstIndex(where: { timetable.station($0.stationID)?.city == station.city }) { return index }
        problems.append(.init(key: "train_station_not_on_train", arguments: [train.number, station.name(in: language)]))
        return nil
    }
}
