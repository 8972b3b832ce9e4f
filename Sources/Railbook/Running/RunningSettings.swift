/// How running data is read and what a late train owes its travellers (`--recovery-minutes`,
/// `--compensation`).
public struct RunningSettings: Sendable, Equatable {
    /// One band of compensation: from `minutes` late on arrival, `percent` of the fare.
    public struct Band: Sendable, Equatable {
        public let minutes: Int
        public let percent: Int
    }

    /// Minutes of a delay a late train makes up between one stop and the next: a delay reported at
    /// a station is carried on to the stations after it less this much a stop.
    public var recoveryMinutesPerStop = 2
    /// The compensation bands, by minutes late on arrival at the ticket's destination: 25 % of the
    /// fare from 60 minutes, 50 % from 120.
    public var compensationBands = [Band(minutes: 60, percent: 25), Band(minutes: 120, percent: 50)]
    /// From this expected delay at the ticket's boarding station, the ticket is refunded, or changed
    /// to another train the same day, without a fee (`--free-change-minutes`).
    public var freeChangeMinutes = 20

    public init() {}

    /// The percent of the fare owed for arriving `minutes` late (0 below the first band).
    func compensationPercent(forMinutesLate minutes: Int) -> Int {
        compensationBands.filter { minutes >= $0.minutes }.map(\.percent).max() ?? 0
    }

    /// Reads `60:25,120:50` (minutes late, percent of the fare); nil unless each band is two whole
    /// numbers, minutes from 1 to 1440 rising, percents from 1 to 100 rising.
    static func bands(from text: String) -> [Band]? {
        var bands: [Band] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = piece.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let minutes = Int(parts[0]), let percent = Int(parts[1]), (1...1440).contains(minutes),
                (1...100).contains(percent), minutes > bands.last?.minutes ?? 0, percent > bands.last?.percent ?? 0
            else { return nil }
            bands.append(Band(minutes: minutes, percent: percent))
        }
        return bands.isEmpty ? nil : bands
    }
}
