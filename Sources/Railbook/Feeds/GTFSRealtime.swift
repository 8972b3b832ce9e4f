import Storage

/// Delays and cancellations as GTFS Realtime feeds (protocol buffers, `transit_realtime.FeedMessage`
/// version 2.0, a full dataset each time), for the runs of the GTFS schedule (`GTFSSchedule`: trip
/// id = train number, start date = service date): `tripUpdates` gives each run that is delayed,
/// has running reports or is cancelled, with every stop's expected or actual times and delays
/// (`RunningStatus`); `alerts` says which runs are cancelled (no service) or 20 minutes late or
/// more (significant delays), in Chinese and English.
struct GTFSRealtime {
    /// A run the feeds speak of, with its times as they stand.
    struct Run {
        let id: Int64
        let train: Train
        let serviceDate: CivilDate
        let isCancelled: Bool
        let status: RunningStatus
    }

    let timetable: Timetable
    let messages: Messages
    /// When the feed was made, Unix seconds.
    let now: Int

    /// A run from `daysBehind` days before today to tomorrow that is cancelled, delayed or reported on.
    struct Listed {
        let id: Int64
        let train: Train
        let serviceDate: CivilDate
        let info: RunInfo
    }

    /// The runs from `daysBehind` days before today to tomorrow that are cancelled, delayed or reported on.
    static func runs(today: CivilDate, timetable: Timetable, in db: Database) throws -> [Listed] {
        try db.query(
            """
            SELECT id, train_id, service_date, status, delay_minutes FROM runs
            WHERE service_date >= ? AND service_date <= ?
              AND (status = ? OR delay_minutes > 0 OR id IN (SELECT run_id FROM running_times))
            ORDER BY service_date, id
            """, [today.adding(days: -RunSchedule.daysBehind).description, today.adding(days: 1).description, RunStatus.cancelled]
        ).compactMap { row in
            guard let train = timetable.train(id: try row.int64("train_id")), let date = CivilDate(iso: try row.string("service_date")) else {
                return nil
            }
            let id = try row.int64("id")
            return Listed(
                id: id, train: train, serviceDate: date,
                info: RunInfo(
                    id: id, isCancelled: try row.decode(RunStatus.self, "status") == .cancelled, delayMinutes: try row.int("delay_minutes")))
        }
    }

    /// The TripUpdates feed of `runs`.
    func tripUpdates(_ runs: [Run]) -> [UInt8] {
        feed(runs) { entity, run in
            entity.string(1, "trip-\(run.train.number)-\(GTFSSchedule.compact(run.serviceDate))")
            entity.message(3) { update in
                update.message(1) { trip in describe(run, in: &trip) }
                if !run.isCancelled {
                    let midnight = RunLeg.unixTime(run.serviceDate, minute: 0)
                    for stop in run.status.stops {
                        update.message(2) { change in
                            change.unsigned(1, UInt64(stop.sequence + 1))
                            if let arrival = stop.arrival, let delay = stop.arrivalDelay {
                                change.message(2) {
                                    $0.signed(1, delay * 60)
                                    $0.signed(2, midnight + arrival * 60)
                                }
                            }
                            if let departure = stop.departure, let delay = stop.departureDelay {
                                change.message(3) {
                                    $0.signed(1, delay * 60)
                                    $0.signed(2, midnight + departure * 60)
                                }
                            }
                            change.string(4, timetable.station(stop.stationID)?.telecode ?? "")
                        }
                    }
                }
                update.unsigned(4, UInt64(now))
            }
            return true
        }
    }

    /// The Alerts feed of `runs`: the cancelled ones and those expected `significantMinutes` late or more.
    func alerts(_ runs: [Run], significantMinutes: Int) -> [UInt8] {
        feed(runs) { entity, run in
            let delay = run.status.stops.map(\.delay).max() ?? 0
            guard run.isCancelled || delay >= significantMinutes else { return false }
            entity.string(1, "alert-\(run.train.number)-\(GTFSSchedule.compact(run.serviceDate))")
            entity.message(5) { alert in
                alert.message(5) { selector in selector.message(4) { trip in describe(run, in: &trip) } }
                alert.unsigned(6, 1) // UNKNOWN_CAUSE
                alert.unsigned(7, run.isCancelled ? 1 : 3) // NO_SERVICE, SIGNIFICANT_DELAYS
                alert.message(10) { text in
                    for language in Language.allCases {
                        let said =
                            run.isCancelled
                            ? messages.text("feed_alert_cancelled", language, arguments: [run.train.number, run.serviceDate.description])
                            : messages.text(
                                "feed_alert_delayed", language, arguments: [run.train.number, run.serviceDate.description, String(delay)])
                        text.message(1) {
                            $0.string(1, said)
                            $0.string(2, language.code)
                        }
                    }
                }
            }
            return true
        }
    }

    /// A FeedMessage: the header, then an entity per run `write` writes (it answers whether it did).
    private func feed(_ runs: [Run], _ write: (inout ProtobufWriter, Run) -> Bool) -> [UInt8] {
        var message = ProtobufWriter()
        message.message(1) { header in
            header.string(1, "2.0")
            header.unsigned(2, 0) // FULL_DATASET
            header.unsigned(3, UInt64(now))
        }
        for run in runs {
            var entity = ProtobufWriter()
            if write(&entity, run) { message.message(2) { $0 = entity } }
        }
        return message.bytes
    }

    /// The TripDescriptor of `run`: the schedule's trip and the service date, cancelled or scheduled.
    private func describe(_ run: Run, in trip: inout ProtobufWriter) {
        trip.string(1, run.train.number)
        trip.string(3, GTFSSchedule.compact(run.serviceDate))
        trip.unsigned(4, run.isCancelled ? 3 : 0) // CANCELED, SCHEDULED
    }
}
