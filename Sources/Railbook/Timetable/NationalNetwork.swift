import Storage

/// A synthetic network the size of China's for benchmarks: 3,000 stations on 100 lines of 30
/// stations, and 10,000 daily trains running along those lines, some crossing to a second line at
/// its hub. Deterministic: the same network every time.
enum NationalNetwork {
    static let lineCount = 100
    static let stationsPerLine = 30
    static let trainCount = 10_000

    /// Loads the network into an empty database.
    static func load(into db: Database) throws {
        var stationIDs: [[Int64]] = []
        for line in 0..<lineCount {
            var ids: [Int64] = []
            for position in 0..<stationsPerLine {
                let number = line * stationsPerLine + position
                ids.append(
                    try Station.insert(
                        telecode: telecode(number), name: "线\(line + 1)站\(position + 1)",
                        englishName: "Line \(line + 1) Station \(position + 1)",
                        pinyin: "xian\(line + 1)zhan\(position + 1)", initials: "x\(line + 1)z\(position + 1)",
                        city: "城市\(line + 1)-\(position / 3 + 1)", isHot: position == 0, in: db))
            }
            stationIDs.append(ids)
        }
        var random = SplitMix(seed: 12306)
        for index in 0..<trainCount {
            let type: TrainType = [.highSpeed, .highSpeed, .bulletTrain, .fast][index % 4]
            let number = "\(type == .fast ? "K" : type.rawValue)\(index + 1)"
            let line = Int(random.next() % UInt64(lineCount))
            var route = Array(stationIDs[line][Int(random.next() % 10)...])
            if random.next() % 3 == 0 {
                route += stationIDs[(line + 1) % lineCount].prefix(Int(random.next() % 10) + 5)
            }
            if index % 2 == 1 { route.reverse() }
            let stopEvery = type == .highSpeed ? 2 : 1
            let calls = route.enumerated().filter { $0.offset % stopEvery == 0 || $0.offset == route.count - 1 }.map(\.element)
            try Train.insert(number: number, stops: stops(calls, type: type, start: 360 + Int(random.next() % 900)), in: db)
        }
    }

    private static func stops(_ stations: [Int64], type: TrainType, start: Int) -> [Stop] {
        let minutesPerHop = type == .fast ? 45 : 18, kmPerHop = type == .fast ? 60 : 70
        return stations.enumerated().map { position, stationID in
            let arrival = start + position * (minutesPerHop + 2)
            return Stop(
                stationID: stationID, arrivalMinute: position == 0 ? nil : arrival,
                departureMinute: position == stations.count - 1 ? nil : (position == 0 ? start : arrival + 2),
                distanceKm: position * kmPerHop)
        }
    }

    /// A three-letter code (AAA, AAB, …) in the Q–Z first-letter range, away from real codes' usual shapes.
    static func telecode(_ number: Int) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return String([letters[10 + number / 676 % 16], letters[number / 26 % 26], letters[number % 26]])
    }
}

/// A small deterministic pseudo-random generator (SplitMix64).
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
