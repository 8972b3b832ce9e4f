/// Values kept within a budget of bytes: each value is stored with its cost (an estimate of the
/// memory it holds) plus the cache's own bookkeeping for it, and storing past the budget forgets
/// the least recently used values first. Reading, storing, removing and evicting are O(1).
/// Not synchronised: keep it inside a `Locked`.
struct LRUCache<Key: Hashable, Value> {
    /// A stored value and its place in the recency list (slots in `nodes`; `none` ends the list).
    fileprivate struct Node {
        let key: Key
        var value: Value
        var cost: Int
        var newer: Int
        var older: Int
    }

    private static var none: Int { -1 }

    /// The most bytes the values may cost together.
    let budget: Int
    /// What the values kept now cost together with their bookkeeping, never more than `budget`.
    private(set) var bytes = 0
    private var nodes: [Node] = []
    private var slots: [Key: Int] = [:]
    private var newest = LRUCache.none
    private var oldest = LRUCache.none
    /// Asks for a value that found one, and that found none (for the metrics).
    private(set) var hits = 0
    private(set) var misses = 0

    /// An empty cache that keeps at most `budget` bytes of values.
    init(budget: Int) {
        precondition(budget >= 0, "a cache budget cannot be negative")
        self.budget = budget
    }

    /// The bytes the cache itself spends per value, added to its cost: a list node and a slot in
    /// the key index, twice over for the room both keep free to grow.
    static var bookkeepingBytes: Int { 2 * (MemoryLayout<Node>.stride + MemoryLayout<Key>.stride + MemoryLayout<Int>.stride) }

    /// How many values are kept.
    var count: Int { nodes.count }

    /// Hits, misses and bytes so far, for the metrics.
    var statistics: CacheStatistics { CacheStatistics(hits: hits, misses: misses, bytes: bytes, entries: nodes.count) }

    /// The value under `key`, which becomes the most recently used.
    mutating func value(forKey key: Key) -> Value? {
        guard let slot = slots[key] else {
            misses += 1
            return nil
        }
        hits += 1
        moveToNewest(slot)
        return nodes[slot].value
    }

    /// What `body` makes of the value under `key`, read where it is kept (not copied out, so its
    /// storage is not shared once more), which becomes the most recently used; nil when none is kept.
    mutating func read<Result>(_ key: Key, _ body: (borrowing Value) -> Result) -> Result? {
        guard let slot = slots[key] else {
            misses += 1
            return nil
        }
        hits += 1
        moveToNewest(slot)
        return body(nodes[slot].value)
    }

    /// True when a value is kept under `key`; does not count as a use.
    func contains(_ key: Key) -> Bool { slots[key] != nil }

    /// Stores `value` under `key` as the most recently used, replacing what was there, then forgets
    /// the least recently used values until the rest fit the budget. A value costing more than the
    /// whole budget is not kept (and the old value under its key is gone). Returns the values
    /// forgotten, so that a caller holding a lock can let them go after unlocking.
    @discardableResult
    mutating func insert(_ value: Value, cost valueCost: Int, forKey key: Key) -> [Value] {
        precondition(valueCost >= 0, "a cost cannot be negative")
        let cost = valueCost + LRUCache.bookkeepingBytes
        var forgotten: [Value] = []
        if let slot = slots[key] {
            guard cost <= budget else {
                forgotten.append(nodes[slot].value)
                remove(slot)
                return forgotten
            }
            bytes += cost - nodes[slot].cost
            forgotten.append(nodes[slot].value)
            nodes[slot].value = value
            nodes[slot].cost = cost
            moveToNewest(slot)
        } else {
            guard cost <= budget else { return forgotten }
            nodes.append(Node(key: key, value: value, cost: cost, newer: LRUCache.none, older: LRUCache.none))
            slots[key] = nodes.count - 1
            bytes += cost
            link(nodes.count - 1)
        }
        while bytes > budget {
            forgotten.append(nodes[oldest].value)
            remove(oldest)
        }
        return forgotten
    }

    /// Forgets the value under `key` and returns it.
    @discardableResult
    mutating func removeValue(forKey key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        let value = nodes[slot].value
        remove(slot)
        return value
    }

    /// Forgets every value.
    mutating func removeAll() {
        nodes.removeAll()
        slots.removeAll()
        bytes = 0
        newest = LRUCache.none
        oldest = LRUCache.none
    }

    /// The keys from the most to the least recently used (O(n), for tests and diagnostics).
    var keysByRecency: [Key] {
        var keys: [Key] = []
        var slot = newest
        while slot != LRUCache.none {
            keys.append(nodes[slot].key)
            slot = nodes[slot].older
        }
        return keys
    }

    // MARK: - The recency list

    /// Puts an unlinked node at the newest end.
    private mutating func link(_ slot: Int) {
        nodes[slot].newer = LRUCache.none
        nodes[slot].older = newest
        if newest != LRUCache.none { nodes[newest].newer = slot } else { oldest = slot }
        newest = slot
    }

    /// Takes a node out of the list, joining its neighbours.
    private mutating func unlink(_ slot: Int) {
        let newer = nodes[slot].newer, older = nodes[slot].older
        if newer != LRUCache.none { nodes[newer].older = older } else { newest = older }
        if older != LRUCache.none { nodes[older].newer = newer } else { oldest = newer }
    }

    private mutating func moveToNewest(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        link(slot)
    }

    /// Removes a node; the last node moves into its slot so the storage stays dense.
    private mutating func remove(_ slot: Int) {
        unlink(slot)
        bytes -= nodes[slot].cost
        slots.removeValue(forKey: nodes[slot].key)
        let last = nodes.count - 1
        if slot != last {
            nodes.swapAt(slot, last)
            let moved = nodes[slot]
            slots[moved.key] = slot
            if moved.newer != LRUCache.none { nodes[moved.newer].older = slot } else { newest = slot }
            if moved.older != LRUCache.none { nodes[moved.older].newer = slot } else { oldest = slot }
        }
        nodes.removeLast()
    }
}

extension LRUCache: Sendable where Key: Sendable, Value: Sendable {}
extension LRUCache.Node: Sendable where Key: Sendable, Value: Sendable {}

/// What a cache has done so far: asks that found a value and that found none, and what it holds.
struct CacheStatistics: Sendable {
    var hits = 0
    var misses = 0
    var bytes = 0
    var entries = 0
}
