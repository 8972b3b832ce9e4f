import Storage

/// Records a running report of a run, from the administrators' form or a train-tracking system.
enum RunningReport {
    /// Checks `form` against `run` and the reports so far and stores it from `source`; returns the
    /// problem instead when refused, with nothing stored. A cancelled run takes no report. An actual
    /// arrival pays the compensation its delay owes the tickets ending there (`DelayCompensation`),
    /// in the same transaction.
    static func record(
        _ form: RunningReportForm, run: AdminRun, timetable: Timetable, source: String, settings: RunningSettings, now: Int,
        in db: Database
    ) throws -> RunningReportForm.Problem? {
        guard !run.isCancelled else { return .cancelled }
        let report: StopReport
        do {
            report = try form.check(train: run.train, timetable: timetable, reports: try RunningTimes.reports(ofRun: run.id, in: db))
        } catch let problem as RunningReportForm.Problem {
            return problem
        }
        try RunningTimes.save(report, runID: run.id, source: source, now: now, in: db)
        if let arrival = report.arrival, arrival.isActual, let scheduled = run.train.stops[report.sequence].arrivalMinute {
            try DelayCompensation.pay(
                run: run, arrivingAt: report.sequence, minutesLate: arrival.minute - scheduled, settings: settings, now: now, in: db)
        }
        return nil
    }

    /// What the audit log says of a report: the stop and the fields given.
    static func auditText(_ form: RunningReportForm) -> String {
        [
            ("station", form.station), ("arrival", form.arrival + (form.arrivalIsActual ? " actual" : "")),
            ("departure", form.departure + (form.departureIsActual ? " actual" : "")), ("platform", form.platform), ("gate", form.gate),
        ]
        .filter { !$0.1.trimmed.isEmpty }.map { $0.0 + "=" + $0.1.trimmed.replacingOccurrences(of: " ", with: "_") }.joined(separator: " ")
    }
}
