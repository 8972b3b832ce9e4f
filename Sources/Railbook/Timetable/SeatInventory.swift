import Locking
import Storage
import Synchronization

/// Seats left per run, class and stretch, answered from memory: each run's seat occupancy is read
/// from the database once, counts are remembered, and a booking that changes a run forgets it.
/// Each run has a stamp that changes when it is forgotten, so pages built on its counts (the
/// results cache) know exactly when they are stale.
/// What is remembered stays within a budget of bytes; the runs searched least recently go first.
final class SeatInventory: Sendable {
    private struct RunSeats {
        /// Occupancy bitmask of each seat, by class.
        var occupancy: [SeatClass: [UInt64]]
        /// Each class's coaches in order, by number and seat count (the seats of `occupancy`).
        var coaches: [SeatClass: [CoachSpan]]
        var counts: [CountKey: Int] = [:]
        /// The same-train seat change for one passenger, where one was asked for a sold-out class.
        var seatChanges: [CountKey: KnownSeatChange] = [:]

        init(_ loaded: LoadedRun) {
            occupancy = loaded.occupancy
            coaches = loaded.coaches
        }

        /// The memory this run's seats hold: the occupancy arrays and the tables.
        var bytes: Int {
            occupancy.values.reduce(MemoryCost.of(occupancy) + MemoryCost.of(counts)) { $0 + MemoryCost.of($1) }
                + coaches.values.reduce(MemoryCost.of(coaches)) { $0 + MemoryCost.of($1) }
                + seatChanges.values.reduce(MemoryCost.of(seatChanges)) { $0 + ($1.plan?.bytes ?? 0) }
        }
    }

    /// A coach of a class: its number and how many seats it has.
    private struct CoachSpan {
        let number: Int
        let seatCount: Int
    }

    /// A run's seats as read from the database.
    private struct LoadedRun {
        var occupancy: [SeatClass: [UInt64]]
        var coaches: [SeatClass: [CoachSpan]]
    }

    /// A seat change worked out: the plan, or nil when there is none.
    private struct KnownSeatChange {
        let plan: SeatChangePlan?
    }

    private struct CountKey: Hashable {
        let seatClass: SeatClass
        let segment: SegmentMask
    }

    /// What is remembered, and how often each run was forgotten: occupancy read from the database
    /// is kept only if its run was not forgotten meanwhile (a booking committed during the read).
    private struct Memory {
        var runs: LRUCache<Int64, RunSeats>
        var forgotten: [Int64: Int] = [:]
        var forgottenAll = 0

        /// Changes whenever `runID` is forgotten.
        func version(of runID: Int64) -> (Int, Int) { (forgottenAll, forgotten[runID, default: 0]) }

        /// The run's stamp: changes when it (or every run) is forgotten.
        func stamp(of runID: Int64) -> Stamp { Stamp(all: forgottenAll, run: forgotten[runID, default: 0]) }
    }

    /// What a page built on a run's seat counts remembers of the run: when the run is forgotten
    /// (its seats changed), its stamp changes and the page is stale.
    struct Stamp: Equatable, Sendable {
        fileprivate let all: Int
        fileprivate let run: Int
    }

    private let database: DatabasePool
    private let memory: Locked<Memory>

    /// What the cache of runs' seats has done.
    var statistics: CacheStatistics { memory.withLock { $0.runs.statistics } }
    /// Counts every change of seats on any run; it moves only under the lock of `memory`.
    private let changes = Atomic<Int>(0)

    /// Counts every change of seats on any run.
    var generation: Int { changes.load(ordering: .acquiring) }

    /// An inventory that remembers at most `budget` bytes of seats.
    init(database: DatabasePool, budget: Int) {
        self.database = database
        memory = Locked(Memory(runs: LRUCache(budget: budget)))
    }

    /// The most bytes the remembered seats may hold.
    var budget: Int { memory.withLock { $0.runs.budget } }
    /// The bytes the remembered seats hold now.
    var bytes: Int { memory.withLock { $0.runs.bytes } }

    /// True when the seats of run `runID` are in memory.
    func remembers(runID: Int64) -> Bool { memory.withLock { $0.runs.contains(runID) } }

    /// How many seats of `seatClass` on run `runID` are free for the whole stretch `segment`.
    func freeSeats(runID: Int64, seatClass: SeatClass, segment: SegmentMask) throws -> Int {
        try freeSeats(runID: runID, seatClasses: [seatClass], segment: segment)[0]
    }

    /// How many seats of each of `seatClasses` on run `runID` are free for the whole stretch
    /// `segment`, in that order (one ask of `freeSeats(_:)`).
    func freeSeats(runID: Int64, seatClasses: [SeatClass], segment: SegmentMask) throws -> [Int] {
        try freeSeats([Ask(runID: runID, seatClasses: seatClasses, segment: segment)])[0]
    }

    /// What one stretch of one run asks of `freeSeats(_:)`.
    struct Ask {
        let runID: Int64
        let seatClasses: [SeatClass]
        let segment: SegmentMask
    }

    /// The free seats of each ask, in its classes' order, for those whose counts memory holds, all
    /// read under one lock (a results page asks for many runs at once); nil for the others, which
    /// `freeSeats` reads.
    func rememberedFreeSeats(_ asks: [Ask]) -> [[Int]?] {
        memory.withLock { memory in
            asks.map { ask -> [Int]? in
                memory.runs.read(ask.runID) { seats -> [Int]? in
                    var counts: [Int] = []
                    counts.reserveCapacity(ask.seatClasses.count)
                    for seatClass in ask.seatClasses {
                        guard let count = seats.counts[CountKey(seatClass: seatClass, segment: ask.segment)] else { return nil }
                        counts.append(count)
                    }
                    return counts
                } ?? nil
            }
        }
    }

    /// The free seats of every ask, in its classes' order: what memory holds under one lock, and the
    /// runs it does not hold read from the database in one query (a cold results page asks for
    /// dozens of runs), then remembered.
    func freeSeats(_ asks: [Ask]) throws -> [[Int]] {
        var counts = rememberedFreeSeats(asks)
        let missing = asks.indices.filter { counts[$0] == nil }
        guard !missing.isEmpty else { return counts.map { $0 ?? [] } }
        let (known, versions) = memory.withLock { memory in
            (
                Dictionary(
                    missing.compactMap { index in
                        memory.runs.value(forKey: asks[index].runID).map {
                            (asks[index].runID, LoadedRun(occupancy: $0.occupancy, coaches: $0.coaches))
                        }
                    },
                    uniquingKeysWith: { first, _ in first }),
                Dictionary(missing.map { (asks[$0].runID, memory.version(of: asks[$0].runID)) }, uniquingKeysWith: { first, _ in first })
            )
        }
        var occupancies = known
        let unknown = Array(Set(missing.map { asks[$0].runID }).subtracting(known.keys))
        for (runID, loaded) in try load(unknown) { occupancies[runID] = loaded }
        for index in missing {
            let ask = asks[index], occupancy = occupancies[ask.runID]?.occupancy ?? [:]
            counts[index] = ask.seatClasses.map { seatClass in occupancy[seatClass]?.reduce(0) { $0 + (ask.segment.isFree($1) ? 1 : 0) } ?? 0 }
        }
        memory.withLock { memory in
            for index in missing {
                let ask = asks[index]
                guard let version = versions[ask.runID], memory.version(of: ask.runID) == version, let occupancy = occupancies[ask.runID],
                    let fresh = counts[index]
                else { continue }
                var seats = memory.runs.removeValue(forKey: ask.runID) ?? RunSeats(occupancy)
                for (seatClass, count) in zip(ask.seatClasses, fresh) { seats.counts[CountKey(seatClass: seatClass, segment: ask.segment)] = count }
                memory.runs.insert(seats, cost: seats.bytes, forKey: ask.runID)
            }
        }
        return counts.map { $0 ?? [] }
    }

    /// The same-train seat change for one passenger in `seatClass` on run `runID` between stops
    /// `origin` and `destination` (`SeatChangePlan`), worked out on the seats memory holds (read
    /// first when it holds none) and remembered with them until the run's seats change; nil when
    /// there is none. Asked only for a class sold out on the stretch.
    func seatChange(runID: Int64, seatClass: SeatClass, from origin: Int, to destination: Int) throws -> SeatChangePlan? {
        let key = CountKey(seatClass: seatClass, segment: try SegmentMask(from: origin, to: destination))
        let (known, version, held) = memory.withLock { memory in
            (
                memory.runs.read(runID) { $0.seatChanges[key] } ?? nil, memory.version(of: runID),
                memory.runs.value(forKey: runID).map { LoadedRun(occupancy: $0.occupancy, coaches: $0.coaches) }
            )
        }
        if let known { return known.plan }
        guard let loaded = try held ?? load([runID])[runID] else { return nil }
        var coaches: [SeatAllocator.CoachSeats] = [], start = 0
        let occupancy = loaded.occupancy[seatClass] ?? []
        for coach in loaded.coaches[seatClass] ?? [] where start + coach.seatCount <= occupancy.count {
            coaches.append(
                SeatAllocator.CoachSeats(number: coach.number, seatClass: seatClass, occupancy: Array(occupancy[start..<start + coach.seatCount])))
            start += coach.seatCount
        }
        let plan = SeatChangePlan.find(in: coaches, from: origin, to: destination, party: 1)
        memory.withLock { memory in
            guard memory.version(of: runID) == version else { return } // seats changed meanwhile: not kept
            var seats = memory.runs.removeValue(forKey: runID) ?? RunSeats(loaded)
            seats.seatChanges[key] = KnownSeatChange(plan: plan)
            memory.runs.insert(seats, cost: seats.bytes, forKey: runID)
        }
        return plan
    }

    /// The stamps of `runIDs` now, if no run was forgotten since `generation` was read: counts read
    /// after that reading belong to these stamps. Nil when seats changed meanwhile.
    func stamps(of runIDs: some Sequence<Int64>, unchangedSince generation: Int) -> [Int64: Stamp]? {
        memory.withLock { memory in
            guard changes.load(ordering: .relaxed) == generation else { return nil }
            var stamps: [Int64: Stamp] = [:]
            for runID in runIDs { stamps[runID] = memory.stamp(of: runID) }
            return stamps
        }
    }

    /// True when none of the runs stamped has been forgotten since.
    func areCurrent(_ stamps: [Int64: Stamp]) -> Bool {
        memory.withLock { memory in stamps.allSatisfy { memory.stamp(of: $0.key) == $0.value } }
    }

    /// How many standing places of run `runID` are free for the whole stretch `segment` (read from its
    /// tickets each time: asked only once a run's seats are gone).
    func freeStandingPlaces(runID: Int64, quota: Int, segment: SegmentMask) throws -> Int {
        try database.read { try StandingRoom.freePlaces(runID: runID, quota: quota, segment: segment, in: $0) }
    }

    /// Forgets what is known of a run after its seats changed.
    func forget(runID: Int64) {
        memory.withLock { memory in
            memory.runs.removeValue(forKey: runID)
            memory.forgotten[runID, default: 0] += 1
            if memory.forgotten.count > 20_000 { // bounded: starting over only turns away reads in flight
                memory.forgotten.removeAll()
                memory.forgottenAll += 1
            }
            changes.add(1, ordering: .releasing)
        }
    }

    /// Forgets every run (after bulk changes).
    func forgetAll() {
        memory.withLock { memory in
            memory.runs.removeAll()
            memory.forgotten.removeAll()
            memory.forgottenAll += 1
            changes.add(1, ordering: .releasing)
        }
    }

    /// The occupancy of each of `runIDs` by class, read in one query per few hundred runs.
    private func load(_ runIDs: [Int64]) throws -> [Int64: LoadedRun] {
        guard !runIDs.isEmpty else { return [:] }
        var coaches: [Int64: [(seatClass: SeatClass, number: Int, seatCount: Int, blob: [UInt8])]] = [:]
        try database.read { db in
            for start in stride(from: 0, to: runIDs.count, by: 500) {
                let chunk = Array(runIDs[start..<min(start + 500, runIDs.count)])
                let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                for row in try db.query(
                    """
                    SELECT run_id, seat_class, coach_number, seat_count, occupancy FROM run_coaches WHERE run_id IN (\(placeholders))
                    ORDER BY run_id, coach_number
                    """, chunk)
                {
                    coaches[try row.int64("run_id"), default: []].append(
                        (
                            try row.decode(SeatClass.self, "seat_class"), try row.int("coach_number"), try row.int("seat_count"),
                            try row.blob("occupancy")
                        ))
                }
            }
        }
        return try coaches.mapValues { coaches in
            var seatsByClass: [SeatClass: Int] = [:]
            for coach in coaches { seatsByClass[coach.seatClass, default: 0] += coach.seatCount }
            var occupancy = seatsByClass.mapValues { seatCount in // exactly the room the seats need: the budget counts capacity
                var seats: [UInt64] = []
                seats.reserveCapacity(seatCount)
                return seats
            }
            var spans: [SeatClass: [CoachSpan]] = [:]
            for coach in coaches {
                occupancy[coach.seatClass]?.append(contentsOf: try OccupancyBlob.decode(coach.blob, seatCount: coach.seatCount))
                spans[coach.seatClass, default: []].append(CoachSpan(number: coach.number, seatCount: coach.seatCount))
            }
            return LoadedRun(occupancy: occupancy, coaches: spans)
        }
    }
}

/// The stored form of a coach's occupancy: 8 little-endian bytes per seat; empty means all free.
enum OccupancyBlob {
    /// The seats' masks; throws `CorruptValue` when the blob is neither empty nor 8 bytes a seat,
    /// so a damaged row is never read as free seats.
    static func decode(_ bytes: [UInt8], seatCount: Int) throws -> [UInt64] {
        if bytes.isEmpty { return Array(repeating: 0, count: seatCount) }
        guard bytes.count == seatCount * 8 else {
            throw CorruptValue(column: "run_coaches.occupancy", reason: "\(bytes.count) bytes for \(seatCount) seats")
        }
        return bytes.withUnsafeBytes { raw in
            (0..<seatCount).map { seat in UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: seat * 8, as: UInt64.self)) }
        }
    }

    static func encode(_ occupancy: [UInt64]) -> [UInt8] {
        guard occupancy.contains(where: { $0 != 0 }) else { return [] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(occupancy.count * 8)
        for mask in occupancy {
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: mask >> UInt64(shift))) }
        }
        return bytes
    }
}
