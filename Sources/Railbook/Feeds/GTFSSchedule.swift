import Storage

/// The timetable as a GTFS feed (`/gtfs.zip`): the standard CSV files `agency.txt`, `stops.txt`,
/// `routes.txt`, `trips.txt`, `stop_times.txt` and `calendar_dates.txt`. A train is a route with
/// one trip of the same id (its number), running on the service dates of its scheduled runs in the
/// presale window (a cancelled run's date is left out). Times are minutes after midnight of the
/// service date as `HH:MM:SS`, past 24:00 for a later day, as GTFS counts them.
enum GTFSSchedule {
    /// The feed's files, by name.
    static func files(timetable: Timetable, runDates: [Int64: [CivilDate]], siteURL: String) -> [(name: String, bytes: [UInt8])] {
        var agency = Table(["agency_id", "agency_name", "agency_url", "agency_timezone", "agency_lang"])
        agency.add(["railbook", "Railbook", siteURL.isEmpty ? "https://railbook.invalid" : siteURL, "Asia/Shanghai", "zh"])
        // A station whose position no administrator entered yet has empty `stop_lat` and `stop_lon`.
        var stops = Table(["stop_id", "stop_code", "stop_name", "stop_lat", "stop_lon", "tts_stop_name"])
        for station in timetable.stations {
            stops.add([
                station.telecode, station.telecode, station.name, station.position?.latitude ?? "", station.position?.longitude ?? "",
                station.englishName,
            ])
        }
        var routes = Table(["route_id", "agency_id", "route_short_name", "route_long_name", "route_type"])
        var trips = Table(["route_id", "service_id", "trip_id", "trip_headsign"])
        var stopTimes = Table(["trip_id", "arrival_time", "departure_time", "stop_id", "stop_sequence", "shape_dist_traveled"])
        var calendarDates = Table(["service_id", "date", "exception_type"])
        for train in timetable.trains {
            guard let dates = runDates[train.id], !dates.isEmpty, let first = train.stops.first, let last = train.stops.last else { continue }
            let origin = timetable.station(first.stationID)?.name ?? "", destination = timetable.station(last.stationID)?.name ?? ""
            routes.add([train.number, "railbook", train.number, origin + " — " + destination, "2"])
            trips.add([train.number, train.number, train.number, destination])
            for (index, stop) in train.stops.enumerated() {
                let arrival = stop.arrivalMinute ?? stop.departureMinute ?? 0, departure = stop.departureMinute ?? arrival
                stopTimes.add([
                    train.number, time(arrival), time(departure), timetable.station(stop.stationID)?.telecode ?? "", String(index + 1),
                    String(stop.distanceKm),
                ])
            }
            for date in dates { calendarDates.add([train.number, compact(date), "1"]) }
        }
        return [
            ("agency.txt", agency.bytes), ("stops.txt", stops.bytes), ("routes.txt", routes.bytes), ("trips.txt", trips.bytes),
            ("stop_times.txt", stopTimes.bytes), ("calendar_dates.txt", calendarDates.bytes),
        ]
    }

    /// The service dates of the scheduled runs from `today` to the end of the presale window, by train.
    static func runDates(from today: CivilDate, to last: CivilDate, in db: Database) throws -> [Int64: [CivilDate]] {
        var dates: [Int64: [CivilDate]] = [:]
        for row in try db.query(
            "SELECT train_id, service_date FROM runs WHERE service_date >= ? AND service_date <= ? AND status = ? ORDER BY service_date",
            [today.description, last.description, RunStatus.scheduled])
        {
            guard let date = CivilDate(iso: try row.string("service_date")) else { continue }
            dates[try row.int64("train_id"), default: []].append(date)
        }
        return dates
    }

    /// `1510` → `25:10:00`.
    static func time(_ minute: Int) -> String {
        let hours = minute / 60, minutes = minute % 60
        return (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes < 10 ? "0" : "") + String(minutes) + ":00"
    }

    /// `2026-12-08` → `20261208`.
    static func compact(_ date: CivilDate) -> String {
        date.description.replacingOccurrences(of: "-", with: "")
    }

    /// One CSV file as GTFS reads it: a header line, then a line a record, fields quoted only when
    /// they hold a comma, a quote or a line break (RFC 4180), CRLF line ends.
    struct Table {
        private(set) var bytes: [UInt8] = []

        init(_ header: [String]) { add(header) }

        mutating func add(_ fields: [String]) {
            for (index, field) in fields.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                if field.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) {
                    bytes.append(UInt8(ascii: "\""))
                    for byte in field.utf8 {
                        if byte == UInt8(ascii: "\"") { bytes.append(byte) }
                        bytes.append(byte)
                    }
                    bytes.append(UInt8(ascii: "\""))
                } else {
                    bytes += field.utf8
                }
            }
            bytes += [0x0D, 0x0A]
        }
    }
}
