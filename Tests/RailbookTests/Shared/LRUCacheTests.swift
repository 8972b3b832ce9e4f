import Dispatch
import Synchronization
import XCTest

@testable import Railbook

final class LRUCacheTests: XCTestCase {
    private let entry = LRUCache<String, Int>.bookkeepingBytes

    /// A cache with room for `values` values costing 100 bytes each.
    private func cache(roomFor values: Int) -> LRUCache<String, Int> {
        LRUCache(budget: values * (100 + entry))
    }

    func testTheLeastRecentlyUsedValueGoesFirst() {
        var cache = cache(roomFor: 3)
        for (number, key) in ["a", "b", "c"].enumerated() { cache.insert(number, cost: 100, forKey: key) }
        XCTAssertEqual(cache.keysByRecency, ["c", "b", "a"])
        XCTAssertEqual(cache.value(forKey: "a"), 0, "reading a value makes it the most recently used")
        cache.insert(3, cost: 100, forKey: "d")
        XCTAssertEqual(cache.keysByRecency, ["d", "a", "c"], "b was used least recently")
        XCTAssertNil(cache.value(forKey: "b"))
        XCTAssertFalse(cache.contains("b"))
        cache.insert(4, cost: 100, forKey: "e")
        XCTAssertEqual(cache.keysByRecency, ["e", "d", "a"])
        XCTAssertTrue(cache.contains("c") == false && cache.contains("a"))
    }

    func testReadingInPlaceCountsAsAUse() {
        var cache = cache(roomFor: 2)
        cache.insert(1, cost: 100, forKey: "a")
        cache.insert(2, cost: 100, forKey: "b")
        XCTAssertEqual(cache.read("a") { $0 * 10 }, 10)
        XCTAssertNil(cache.read("z") { $0 * 10 }, "nothing is kept under z")
        cache.insert(3, cost: 100, forKey: "c")
        XCTAssertEqual(cache.keysByRecency, ["c", "a"], "b was used least recently")
    }

    func testContainsDoesNotCountAsAUse() {
        var cache = cache(roomFor: 2)
        cache.insert(1, cost: 100, forKey: "a")
        cache.insert(2, cost: 100, forKey: "b")
        XCTAssertTrue(cache.contains("a"))
        cache.insert(3, cost: 100, forKey: "c")
        XCTAssertEqual(cache.keysByRecency, ["c", "b"])
    }

    func testBytesAreTheCostsPlusTheCachesOwnBookkeeping() {
        var cache = LRUCache<String, Int>(budget: 10_000)
        XCTAssertEqual(cache.bytes, 0)
        cache.insert(1, cost: 300, forKey: "a")
        cache.insert(2, cost: 500, forKey: "b")
        XCTAssertEqual(cache.bytes, 800 + 2 * entry)
        XCTAssertEqual(cache.count, 2)
        XCTAssertEqual(cache.removeValue(forKey: "a"), 1)
        XCTAssertEqual(cache.bytes, 500 + entry)
        XCTAssertNil(cache.removeValue(forKey: "a"), "removing a missing key changes nothing")
        XCTAssertEqual(cache.bytes, 500 + entry)
        cache.removeAll()
        XCTAssertEqual(cache.bytes, 0)
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.keysByRecency, [])
        XCTAssertGreaterThan(entry, 0, "a node and an index slot are not free")
    }

    func testUpdatingAKeyReplacesItsValueAndCost() {
        var cache = cache(roomFor: 3)
        cache.insert(1, cost: 100, forKey: "a")
        cache.insert(2, cost: 100, forKey: "b")
        cache.insert(3, cost: 100, forKey: "c")
        cache.insert(10, cost: 50, forKey: "a")
        XCTAssertEqual(cache.count, 3)
        XCTAssertEqual(cache.bytes, 250 + 3 * entry)
        XCTAssertEqual(cache.keysByRecency, ["a", "c", "b"], "an updated value is the most recently used")
        XCTAssertEqual(cache.value(forKey: "a"), 10)
        cache.insert(20, cost: 250 + entry, forKey: "c")
        XCTAssertEqual(cache.keysByRecency, ["c", "a"], "a value grown past the budget pushes out the least recently used")
        XCTAssertEqual(cache.bytes, 300 + 3 * entry)
        XCTAssertEqual(cache.value(forKey: "c"), 20)
    }

    func testAValueLargerThanTheWholeBudgetIsNotKept() {
        var cache = cache(roomFor: 2)
        cache.insert(1, cost: 100, forKey: "a")
        cache.insert(2, cost: cache.budget, forKey: "huge")
        XCTAssertEqual(cache.keysByRecency, ["a"], "nothing is evicted for a value that could never fit")
        cache.insert(3, cost: cache.budget, forKey: "a")
        XCTAssertEqual(cache.keysByRecency, [], "and the old value under its key is gone")
        XCTAssertEqual(cache.bytes, 0)
        var none = LRUCache<String, Int>(budget: 0)
        none.insert(1, cost: 0, forKey: "a")
        XCTAssertEqual(none.count, 0, "a zero budget keeps nothing")
    }

    func testTheBudgetHoldsAfterManyInsertsAndTheNewestStay() {
        var cache = LRUCache<Int, [UInt8]>(budget: 100_000)
        let entry = LRUCache<Int, [UInt8]>.bookkeepingBytes
        var random = SplitMix(seed: 7)
        var costs: [Int: Int] = [:]
        var overBudget: [Int] = []
        for step in 0..<20_000 {
            let key = Int(random.next() % 3_000)
            if step % 50 == 25 {
                cache.removeValue(forKey: key)
                costs[key] = nil
            } else if step % 10 == 9 {
                _ = cache.value(forKey: Int(random.next() % 3_000))
            } else {
                let cost = Int(random.next() % 2_000)
                cache.insert([], cost: cost, forKey: key)
                costs[key] = cost
            }
            if cache.bytes > cache.budget { overBudget.append(step) }
        }
        XCTAssertEqual(overBudget.prefix(3), [], "steps that left the cache over its budget")
        let kept = cache.keysByRecency
        XCTAssertEqual(kept.count, cache.count)
        XCTAssertEqual(Set(kept).count, kept.count, "no key is listed twice")
        XCTAssertEqual(cache.bytes, kept.reduce(0) { $0 + costs[$1]! + entry }, "bytes are exactly what is kept")
        XCTAssertGreaterThan(cache.bytes, cache.budget - 2 * (2_000 + entry), "the cache is full, not emptied")
        let newest = kept.first!
        cache.insert([], cost: 1_500, forKey: 999_999)
        XCTAssertTrue(cache.contains(newest) && cache.contains(999_999), "making room takes the oldest, not the newest")
    }

    func testManyThreadsSharingACacheInAMutexKeepItConsistent() {
        let shared = Mutex(LRUCache<Int, Int>(budget: 50 * (64 + LRUCache<Int, Int>.bookkeepingBytes)))
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<2_000 {
                let key = (thread * 7 + step) % 200
                shared.withLock { cache in
                    if let value = cache.value(forKey: key) { XCTAssertEqual(value, key * 2) }
                    cache.insert(key * 2, cost: 64, forKey: key)
                }
            }
        }
        shared.withLock { cache in
            XCTAssertEqual(cache.count, 50)
            XCTAssertEqual(cache.bytes, cache.budget)
            XCTAssertEqual(Set(cache.keysByRecency).count, 50)
        }
    }
}
