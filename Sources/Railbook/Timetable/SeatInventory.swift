import SQLite
import Synchronization

/// Seats left per run, class and stretch, answered from memory: each run's seat occupancy is read
/// from the database once, counts are remembered, and a booking that changes a run forgets it.
/// What is remembered stays within a budget of bytes; the runs searched least recently go first.
final class SeatInventory: Sendable {
    private struct RunSeats {
        /// Occupancy bitmask of each seat, by class.
        var occupancy: [SeatClass: [UInt64]]
        var counts: [CountKey: Int] = [:]

        /// The memory this run's seats hold: the occupancy arrays and both tables.
        var bytes: Int {
            occupancy.values.reduce(MemoryCost.of(occupancy) + MemoryCost.of(counts)) { $0 + MemoryCost.of($1) }
        }
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
    }

    private let database: DatabasePool
    private let memory: Mutex<Memory>
    private let changes = Atomic<Int>(0)

    /// Counts every change of seats on any run, so caches built on seat counts know when they are stale.
    var generation: Int { changes.load(ordering: .acquiring) }

    /// An inventory that remembers at most `budget` bytes of seats.
    init(database: DatabasePool, budget: Int) {
        self.database = database
        memory = Mutex(Memory(runs: LRUCache(budget: budget)))
    }

    /// The most bytes the remembered seats may hold.
    var budget: Int { memory.withLock { $0.runs.budget } }
    /// The bytes the remembered seats hold now.
    var bytes: Int { memory.withLock { $0.runs.bytes } }

    /// True when the seats of run `runID` are in memory.
    func remembers(runID: Int64) -> Bool { memory.withLock { $0.runs.contains(runID) } }

    /// How many seats of `seatClass` on run `runID` are free for the whole stretch `segment`.
    func freeSeats(runID: Int64, seatClass: SeatClass, segment: SegmentMask) throws -> Int {
        let key = CountKey(seatClass: seatClass, segment: segment)
        let (known, version) = memory.withLock { ($0.runs.value(forKey: runID), $0.version(of: runID)) }
        if let count = known?.counts[key] { return count }
        let occupancy = try known?.occupancy ?? load(runID)
        let count = occupancy[seatClass]?.reduce(0) { $0 + (segment.isFree($1) ? 1 : 0) } ?? 0
        memory.withLock { memory in
            guard memory.version(of: runID) == version else { return }
            var seats = memory.runs.removeValue(forKey: runID) ?? RunSeats(occupancy: occupancy)
            seats.counts[key] = count
            memory.runs.insert(seats, cost: seats.bytes, forKey: runID)
        }
        return count
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
        }
        changes.add(1, ordering: .releasing)
    }

    /// Forgets every run (after bulk changes).
    func forgetAll() {
        memory.withLock { memory in
            memory.runs.removeAll()
            memory.forgotten.removeAll()
            memory.forgottenAll += 1
        }
        changes.add(1, ordering: .releasing)
    }

    private func load(_ runID: Int64) throws -> [SeatClass: [UInt64]] {
        let rows = try database.read { db in
            try db.query("SELECT seat_class, seat_count, occupancy FROM run_coaches WHERE run_id = ? ORDER BY coach_number",
                         [runID])
        }
        var coaches: [(seatClass: SeatClass, seatCount: Int, blob: [UInt8])] = []
        var seatsByClass: [SeatClass: Int] = [:]
        for row in rows {
            let seatClass = try row.decode(SeatClass.self, "seat_class")
            coaches.append((seatClass, try row.int("seat_count"), try row.blob("occupancy")))
            seatsByClass[seatClass, default: 0] += coaches[coaches.count - 1].seatCount
        }
        var occupancy = seatsByClass.mapValues { seatCount in // exactly the room the seats need: the budget counts capacity
            var seats: [UInt64] = []
            seats.reserveCapacity(seatCount)
            return seats
        }
        for coach in coaches {
            occupancy[coach.seatClass]?.append(contentsOf: try OccupancyBlob.decode(coach.blob, seatCount: coach.seatCount))
        }
        return occupancy
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
        return (0..<seatCount).map { seat in
            (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[seat * 8 + $1]) << UInt64($1 * 8) }
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
