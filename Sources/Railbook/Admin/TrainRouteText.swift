/// A problem in the stop or coach list an administrator typed: a message-catalog key and the
/// values it names (the line number first, where there is one).
struct TrainRouteProblem: Error, Equatable {
    let key: String
    let arguments: [String]
    /// The number of things the text counts, for a plural entry.
    var count: Int? = nil

    /// The problem in `language`.
    func text(_ messages: Messages, _ language: Language) -> String {
        guard let count else { return messages.text(key, language, arguments: arguments) }
        return messages.text(key, language, count: count, arguments: arguments)
    }
}

/// Reads and writes a train's stops (`TELECODE HH:MM HH:MM KM` per line, `-` for no time at the
/// ends, `+1` for the next day) and coaches (`N class seats` per line), refusing impossible
/// timetables with the line at fault.
enum TrainRouteText {
    /// The most stops a train can have (a seat's occupancy has one bit per segment).
    static let maximumStops = 64

    /// The stops of `text`, checked: known stations, each once, times and distances going forward.
    static func stops(_ text: String, stationIDs: [String: Int64]) throws(TrainRouteProblem) -> [Stop] {
        let lines = numberedLines(text)
        guard lines.count >= 2 else { throw TrainRouteProblem(key: "error_train_stops_too_few", arguments: []) }
        guard lines.count <= maximumStops else {
            throw TrainRouteProblem(key: "error_train_stops_too_many", arguments: [String(maximumStops)], count: maximumStops)
        }
        var stops: [Stop] = []
        for (position, (number, line)) in lines.enumerated() {
            let stop = try parseStop(line, number: number, stationIDs: stationIDs)
            let isFirst = position == 0, isLast = position == lines.count - 1
            if (stop.arrivalMinute == nil) != isFirst || (stop.departureMinute == nil) != isLast {
                throw TrainRouteProblem(key: "error_train_stop_ends", arguments: [String(number)])
            }
            if stops.contains(where: { $0.stationID == stop.stationID }) {
                throw TrainRouteProblem(key: "error_train_stop_twice", arguments: [String(number)])
            }
            if let dwell = stop.dwell, dwell < 0 { throw TrainRouteProblem(key: "error_train_stop_backwards", arguments: [String(number)]) }
            if let previous = stops.last {
                if stop.arrivalOrDeparture <= previous.departureOrArrival {
                    throw TrainRouteProblem(key: "error_train_stop_backwards", arguments: [String(number)])
                }
                if stop.distanceKm <= previous.distanceKm {
                    throw TrainRouteProblem(key: "error_train_stop_distance", arguments: [String(number)])
                }
            }
            stops.append(stop)
        }
        return stops
    }

    /// The coaches of `text`: distinct numbers 1–30, a known class, 1–200 seats each.
    static func coaches(_ text: String) throws(TrainRouteProblem) -> [Coach] {
        let lines = numberedLines(text)
        guard !lines.isEmpty else { throw TrainRouteProblem(key: "error_train_coaches_empty", arguments: []) }
        var coaches: [Coach] = []
        for (number, line) in lines {
            let parts = line.split(separator: " ").map(String.init)
            guard parts.count == 3, let coachNumber = Int(parts[0]), (1...30).contains(coachNumber),
                let seatClass = SeatClass(rawValue: parts[1]), let seats = Int(parts[2]), (1...200).contains(seats)
            else {
                throw TrainRouteProblem(key: "error_train_coach_line", arguments: [String(number)])
            }
            guard !coaches.contains(where: { $0.number == coachNumber }) else {
                throw TrainRouteProblem(key: "error_train_coach_twice", arguments: [String(number)])
            }
            coaches.append(Coach(number: coachNumber, seatClass: seatClass, seatCount: seats))
        }
        return coaches.sorted { $0.number < $1.number }
    }

    /// `stops` written one per line, as `stops(_:stationIDs:)` reads them.
    static func text(of stops: [Stop], telecodes: [Int64: String]) -> String {
        stops.map { stop in
            "\(telecodes[stop.stationID] ?? "?") \(clock(stop.arrivalMinute)) \(clock(stop.departureMinute)) \(stop.distanceKm)"
        }.joined(separator: "\n")
    }

    /// `coaches` written one per line, as `coaches(_:)` reads them.
    static func text(of coaches: [Coach]) -> String {
        coaches.map { "\($0.number) \($0.seatClass.rawValue) \($0.seatCount)" }.joined(separator: "\n")
    }

    private static func parseStop(_ line: String, number: Int, stationIDs: [String: Int64]) throws(TrainRouteProblem) -> Stop {
        let parts = line.split(separator: " ").map(String.init)
        guard parts.count == 4, let distance = Int(parts[3]), (0...10_000).contains(distance),
            let arrival = minute(parts[1]), let departure = minute(parts[2])
        else {
            throw TrainRouteProblem(key: "error_train_stop_line", arguments: [String(number)])
        }
        guard let stationID = stationIDs[parts[0].uppercased()] else {
            throw TrainRouteProblem(key: "error_train_stop_station", arguments: [String(number), parts[0]])
        }
        return Stop(stationID: stationID, arrivalMinute: arrival, departureMinute: departure, distanceKm: distance)
    }

    /// The non-blank lines of `text` with their 1-based numbers, spaces squeezed.
    private static func numberedLines(_ text: String) -> [(Int, String)] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated().compactMap { index, line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            return words.isEmpty ? nil : (index + 1, words.joined(separator: " "))
        }
    }

    /// `07:00` → 420, `-` → .some(nil), anything malformed → nil.
    private static func minute(_ text: String) -> Int?? {
        do { return .some(try TimetableText.minute(text, line: text)) } catch { return nil }
    }

    private static func clock(_ minute: Int?) -> String {
        guard let minute else { return "-" }
        let days = minute / 1440
        return ClockTime.format(minute % 1440) + (days > 0 ? "+\(days)" : "")
    }
}
