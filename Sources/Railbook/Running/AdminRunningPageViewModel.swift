/// The back office's running page of one run (`admin/run_running`): each stop with its times as
/// they stand and a form to report its expected or actual times, platform and gate.
struct AdminRunningPageViewModel: Encodable {
    /// A stop with its form: the fields as reported, or as typed when the report was refused.
    struct StopForm: Encodable {
        let stop: RunningStopViewModel
        let hasArrival: Bool
        let hasDeparture: Bool
        let arrival: String
        let arrivalIsActual: Bool
        let departure: String
        let departureIsActual: Bool
        let platform: String
        let gate: String
        /// The refusal of a report at this stop, in the page's language.
        let problem: String?
    }

    let id: String
    let train: String
    let date: String
    let isCancelled: Bool
    let backHref: String
    let stops: [StopForm]
    let notice: String?
    /// The report as typed, when it was refused.
    let refused: Bool
    /// A refusal that names no stop of the train (shown above the stops).
    let alert: String?

    init(
        run: AdminRun, status: RunningStatus, reports: [Int: StopReport], typed: RunningReportForm?, problem: RunningReportForm.Problem?,
        notice: String?, timetable: Timetable, text: TextLookup
    ) {
        id = String(run.id)
        train = run.train.number
        date = run.serviceDate.description
        isCancelled = run.isCancelled
        backHref = "/admin/runs?train=\(run.train.number)&date=\(run.serviceDate)"
        self.notice = notice
        refused = problem != nil
        let typedSequence = typed.flatMap { form in timetable.stationsByTelecode[form.station.trimmed.uppercased()] }
            .flatMap { run.train.stopIndex(of: $0.id) }
        alert = typedSequence == nil ? problem.map { text($0.messageKey) } : nil
        stops = status.stops.map { stop in
            let report = reports[stop.sequence]
            let stopView = RunningStopViewModel(stop, timetable: timetable, text: text)
            if let typed, typedSequence == stop.sequence {
                return StopForm(
                    stop: stopView, hasArrival: stop.scheduledArrival != nil, hasDeparture: stop.scheduledDeparture != nil,
                    arrival: typed.arrival, arrivalIsActual: typed.arrivalIsActual, departure: typed.departure,
                    departureIsActual: typed.departureIsActual, platform: typed.platform, gate: typed.gate,
                    problem: problem.map { text($0.messageKey) })
            }
            return StopForm(
                stop: stopView, hasArrival: stop.scheduledArrival != nil, hasDeparture: stop.scheduledDeparture != nil,
                arrival: report?.arrival.map { RunningStopViewModel.clock($0.minute) } ?? "",
                arrivalIsActual: report?.arrival?.isActual ?? false,
                departure: report?.departure.map { RunningStopViewModel.clock($0.minute) } ?? "",
                departureIsActual: report?.departure?.isActual ?? false, platform: report?.platform ?? "", gate: report?.gate ?? "",
                problem: nil)
        }
    }
}
