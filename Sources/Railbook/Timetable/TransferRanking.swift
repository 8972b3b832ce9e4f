/// One train ridden between two of its stops on one run, before seats and prices are known.
struct TransferLeg: Sendable {
    /// Index into the timetable's trains.
    let train: Int
    let run: RunInfo
    let serviceDate: CivilDate
    let board: Int
    let alight: Int
    /// Absolute minutes (see `Trip.departureTime`).
    let departureTime: Int
    let arrivalTime: Int

    init(train: Int, run: RunInfo, serviceDate: CivilDate, board: Int, alight: Int, in timetable: Timetable) {
        self.train = train
        self.run = run
        self.serviceDate = serviceDate
        self.board = board
        self.alight = alight
        let stops = timetable.trains[train].stops, base = serviceDate.daysSinceEpoch * 1440
        departureTime = base + stops[board].departureOrArrival
        arrivalTime = base + stops[alight].arrivalOrDeparture
    }
}

/// Two legs with a change between them, as the transfer search ranks them.
struct TransferConnection: Sendable {
    let first: TransferLeg
    let second: TransferLeg
    let changesStation: Bool

    var arrivalTime: Int { second.arrivalTime }

    /// Earliest arrival, then shortest journey, then a change without crossing town, then the longer
    /// (safer) change; run ids make the order total.
    fileprivate var rank: (Int, Int, Int, Int, Int64, Int64) {
        (
            second.arrivalTime, second.arrivalTime - first.departureTime, changesStation ? 1 : 0,
            first.arrivalTime - second.departureTime, first.run.id, second.run.id
        )
    }

    fileprivate var runs: RunPair { RunPair(first: first.run.id, second: second.run.id) }
}

private struct RunPair: Hashable {
    let first: Int64
    let second: Int64
}

/// The best `limit` connections seen, one per pair of runs. Keeps memory small on big networks:
/// every so often it keeps only the current best and, once it holds `limit` of them, refuses
/// anything arriving later than the last one.
struct TransferRanking {
    let limit: Int
    private var candidates: [TransferConnection] = []
    private var latestArrival = Int.max

    init(limit: Int) {
        precondition(limit > 0, "a ranking keeps at least one connection")
        self.limit = limit
    }

    /// False when a connection arriving at `arrivalTime` cannot be among the best any more.
    func mightKeep(arrivalTime: Int) -> Bool { arrivalTime <= latestArrival }

    mutating func insert(_ connection: TransferConnection) {
        guard mightKeep(arrivalTime: connection.arrivalTime) else { return }
        candidates.append(connection)
        if candidates.count >= max(256, limit * 8) { compact() }
    }

    /// The best connections, best first.
    mutating func best() -> [TransferConnection] {
        compact()
        return candidates
    }

    private mutating func compact() {
        candidates.sort { $0.rank < $1.rank }
        var seen = Set<RunPair>(), kept: [TransferConnection] = []
        for connection in candidates where kept.count < limit && seen.insert(connection.runs).inserted {
            kept.append(connection)
        }
        candidates = kept
        if candidates.count == limit, let last = candidates.last { latestArrival = last.arrivalTime }
    }
}
