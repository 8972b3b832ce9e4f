import Storage

/// Reads stations and trains written one per line (the demo data's format, see docs/data.md).
enum TimetableText {
    /// `VNP|北京南|beijingnan|bjn|北京|1|Beijing South` per line (the English name may be left out).
    static func loadStations(_ text: String, into db: Database) throws {
        for line in text.split(separator: "\n") where !line.trimmingCharacters(in: " ").isEmpty {
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: " ") }
            guard fields.count == 6 || fields.count == 7 else { throw TimetableError.malformedLine(String(line)) }
            try Station.insert(
                telecode: fields[0], name: fields[1], englishName: fields.count == 7 ? fields[6] : "", pinyin: fields[2],
                initials: fields[3], city: fields[4], isHot: fields[5] == "1", in: db)
        }
    }

    /// `G1|VNP,0,-,07:00|JGK,406,08:32,08:34|…` per line: telecode, km, arrival, departure
    /// (`HH:MM`, optionally `+1` for the next day; `-` for none).
    static func loadTrains(_ text: String, into db: Database) throws {
        var stationIDs: [String: Int64] = [:]
        for row in try db.query("SELECT id, telecode FROM stations") { stationIDs[try row.string("telecode")] = try row.int64("id") }
        for line in text.split(separator: "\n") where !line.trimmingCharacters(in: " ").isEmpty {
            let fields = line.trimmingCharacters(in: " ").split(separator: "|").map(String.init)
            guard fields.count >= 3 else { throw TimetableError.malformedLine(String(line)) }
            let stops = try fields.dropFirst().map { try stop($0, stationIDs: stationIDs, line: String(line)) }
            try Train.insert(number: fields[0], stops: stops, in: db)
        }
    }

    private static func stop(_ text: String, stationIDs: [String: Int64], line: String) throws -> Stop {
        let parts = text.split(separator: ",").map(String.init)
        guard parts.count == 4, let distance = Int(parts[1]) else { throw TimetableError.malformedLine(line) }
        guard let stationID = stationIDs[parts[0]] else { throw TimetableError.unknownStation(parts[0]) }
        return Stop(
            stationID: stationID, arrivalMinute: try minute(parts[2], line: line),
            departureMinute: try minute(parts[3], line: line), distanceKm: distance)
    }

    /// `07:00` → 420, `01:10+1` → 1510, `-` → nil.
    static func minute(_ text: String, line: String) throws -> Int? {
        if text == "-" { return nil }
        let pieces = text.split(separator: "+")
        guard let clock = pieces.first.flatMap({ ClockTime.parse(String($0)) }),
            pieces.count == 1 || (pieces.count == 2 && Int(pieces[1]) != nil)
        else { throw TimetableError.malformedLine(line) }
        return clock + (pieces.count == 2 ? Int(pieces[1])! * 1440 : 0)
    }
}
