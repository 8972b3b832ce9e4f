import Dispatch
import Glibc
import Locking
import XCTest

/// `Locked`: the state under its mutex, and the waits on its condition variable.
final class LockedTests: XCTestCase {
    /// A door threads wait for, and how often a waiter found it shut.
    private struct Door {
        var isOpen = false
        var visitors = 0
    }

    func testTheLockKeepsConcurrentChangesWhole() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        XCTAssertEqual(counter.withLock { $0 }, 80_000)
    }

    func testAnErrorThrownUnderTheLockLetsItGo() {
        struct Refused: Error {}
        let locked = Locked(1)
        XCTAssertThrowsError(try locked.withLock { _ in throw Refused() })
        XCTAssertThrowsError(try locked.withLock(waitingUntil: { $0 == 1 }) { _ in throw Refused() })
        XCTAssertEqual(locked.withLock { $0 }, 1, "taken again, not held by the throw")
    }

    func testAWaitForAStateAlreadyThereDoesNotSleep() {
        let door = Locked(Door(isOpen: true))
        XCTAssertTrue(door.withLock(waitingUntil: { $0.isOpen }) { $0.isOpen })
        XCTAssertTrue(door.withLock(waitingUntil: { $0.isOpen }, timeout: 1000) { $0.isOpen })
    }

    func testASignalWakesAWaiterThatFoundTheDoorShut() {
        let door = Locked(Door())
        let askedShut = Locked(0)
        let passed = DispatchGroup()
        DispatchQueue.global().async(group: passed) {
            door.withLock(waitingUntil: { door in
                if !door.isOpen {
                    askedShut.withLock { $0 += 1 }
                    askedShut.broadcast()
                }
                return door.isOpen
            }) { $0.visitors += 1 }
        }
        // Once the waiter found the door shut it sleeps, the mutex released, before the door opens.
        askedShut.withLock(waitingUntil: { $0 > 0 }) { _ in }
        door.withLock { $0.isOpen = true }
        door.signal()
        XCTAssertEqual(passed.wait(timeout: .now() + 10), .success, "the signal woke the waiter")
        XCTAssertEqual(door.withLock { $0.visitors }, 1)
    }

    func testABroadcastWakesEveryWaiter() {
        let door = Locked(Door())
        let asleep = Locked(0)
        let passed = DispatchGroup()
        for _ in 0..<4 {
            DispatchQueue.global().async(group: passed) {
                var counted = false
                door.withLock(waitingUntil: { door in
                    if !door.isOpen, !counted {
                        counted = true
                        asleep.withLock { $0 += 1 }
                        asleep.broadcast()
                    }
                    return door.isOpen
                }) { $0.visitors += 1 }
            }
        }
        asleep.withLock(waitingUntil: { $0 == 4 }) { _ in }
        door.withLock { $0.isOpen = true }
        door.broadcast()
        XCTAssertEqual(passed.wait(timeout: .now() + 10), .success, "one broadcast woke all four")
        XCTAssertEqual(door.withLock { $0.visitors }, 4)
    }

    func testATimedWaitEndsAtItsDeadlineWhenNothingChanges() {
        let door = Locked(Door())
        let started = Self.monotonicSeconds()
        let wasOpen = door.withLock(waitingUntil: { $0.isOpen }, timeout: 0.05) { $0.isOpen }
        XCTAssertFalse(wasOpen, "the body runs after the deadline, and tells from the state")
        XCTAssertGreaterThanOrEqual(Self.monotonicSeconds() - started, 0.05, "it waited until the deadline")
    }

    func testATimedWaitEndsAsSoonAsTheStateIsReady() {
        let door = Locked(Door())
        let askedShut = Locked(false)
        let passed = DispatchGroup()
        DispatchQueue.global().async(group: passed) {
            door.withLock(
                waitingUntil: { door in
                    if !door.isOpen {
                        askedShut.withLock { $0 = true }
                        askedShut.broadcast()
                    }
                    return door.isOpen
                }, timeout: 600
            ) { $0.visitors += 1 }
        }
        askedShut.withLock(waitingUntil: { $0 }) { _ in }
        door.withLock { $0.isOpen = true }
        door.signal()
        XCTAssertEqual(passed.wait(timeout: .now() + 10), .success, "woken long before its ten minutes")
        XCTAssertEqual(door.withLock { $0.visitors }, 1)
    }

    private static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
