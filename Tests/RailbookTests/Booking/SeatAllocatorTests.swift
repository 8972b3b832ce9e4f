import XCTest

@testable import Railbook

/// The seat allocator on hand-made occupancy: segments, best fit, groups, wishes, determinism.
/// Second class rows are A B C | D F, so seat index 5 is 2A and 19 is 4F.
final class SeatAllocatorTests: XCTestCase {
    func testASeatSoldFromAToBIsFreeFromBToC() throws {
        let sold = try SegmentMask(from: 0, to: 1).bits
        XCTAssertEqual(seats(allocate([sold], from: 1, to: 2)), ["1:0"])
        XCTAssertNil(allocate([sold], from: 0, to: 1))
        XCTAssertNil(allocate([sold], from: 0, to: 2))
        let soldLater = try SegmentMask(from: 1, to: 2).bits
        XCTAssertEqual(seats(allocate([soldLater], from: 0, to: 1)), ["1:0"], "sold B→C is free A→B")
    }

    func testBestFitPrefersTheSeatWhoseFreeSpanIsTightest() throws {
        let soldAB = try SegmentMask(from: 0, to: 1).bits
        XCTAssertEqual(seats(allocate([0, soldAB], from: 1, to: 2)), ["1:1"], "free only B→C beats an empty seat")
        let soldBC = try SegmentMask(from: 1, to: 2).bits
        XCTAssertEqual(seats(allocate([0, soldBC], from: 0, to: 1)), ["1:1"])
        // Five stops A B C D E: for B→C, a seat free only B→C beats one free B→E, which beats an empty one.
        let onlyBC = try SegmentMask(from: 0, to: 1).bits | SegmentMask(from: 2, to: 4).bits
        XCTAssertEqual(seats(allocate([0, soldAB, onlyBC], from: 1, to: 2, stops: 5)), ["1:2"])
        XCTAssertEqual(seats(allocate([0, soldAB], from: 1, to: 2, stops: 5)), ["1:1"])
    }

    func testAGroupSitsInOneRowWhenOneHasRoom() throws {
        var coach = [UInt64](repeating: 0, count: 20)
        for index in [0, 1, 2, 6, 8] { coach[index] = full } // row 1: D F free; row 2: A C F free
        for group in 2...5 {
            let outcome = try XCTUnwrap(allocate(coach, passengers: group))
            XCTAssertEqual(Set(outcome.assignments.map { SeatClass.second.seatLabel(index: $0.seatIndex).row }).count, 1, "\(group)")
            XCTAssertTrue(outcome.isTogether)
            XCTAssertTrue(outcome.honouredPreferences)
        }
        XCTAssertEqual(seats(allocate(coach, passengers: 2)), ["1:3", "1:4"], "the two left in row 1 fit exactly")
        XCTAssertEqual(seats(allocate(coach, passengers: 3)), ["1:10", "1:11", "1:12"], "no gap beats row 2's gaps")
    }

    func testWithoutARowTheGroupSitsInOneCoachAsCloseAsPossible() throws {
        // Two coaches without a row of four; the second has its free seats in neighbouring rows.
        var first = [UInt64](repeating: full, count: 20), second = first
        for index in [0, 19] { first[index] = 0 }
        for index in [3, 4, 5, 6] { second[index] = 0 }
        let outcome = try XCTUnwrap(allocate(first, second, passengers: 4))
        XCTAssertEqual(seats(outcome), ["2:3", "2:4", "2:5", "2:6"], "rows 1 and 2 of one coach")
        XCTAssertFalse(outcome.isTogether, "1D 1F and 2A 2B: two pairs on either side of the aisle")
        // Rows 1 and 4 of one coach: in one coach, but not together.
        let apart = try XCTUnwrap(allocate(first, passengers: 2))
        XCTAssertEqual(seats(apart), ["1:0", "1:19"])
        XCTAssertFalse(apart.isTogether)
    }

    func testABlockOverNeighbouringRowsBeatsSeatsAsCloseButApartAndARowWithAGap() throws {
        var gapped = [UInt64](repeating: full, count: 20), pairs = gapped, block = gapped
        for index in [0, 1, 3, 4] { gapped[index] = 0 } // 1A 1B 1D 1F: 1C between them
        for index in [3, 4, 5, 6] { pairs[index] = 0 } // 1D 1F 2A 2B
        for index in [2, 3, 7, 8] { block[index] = 0 } // 1C 1D 2C 2D
        let outcome = try XCTUnwrap(allocate(gapped, pairs, block, passengers: 4))
        XCTAssertEqual(seats(outcome), ["3:2", "3:3", "3:7", "3:8"])
        XCTAssertTrue(outcome.isTogether)
        let withoutBlock = try XCTUnwrap(allocate(gapped, pairs, passengers: 4))
        XCTAssertEqual(seats(withoutBlock), ["1:0", "1:1", "1:3", "1:4"], "else the row with the fewest seats between them")
        XCTAssertFalse(withoutBlock.isTogether)
    }

    func testSeatsWithAStrangersSeatBetweenThemAreNotTogether() throws {
        // Only 1B, 1D and 2B are left: the closest three, but 1C sits between 1B and 1D.
        var coach = [UInt64](repeating: full, count: 20)
        for index in [1, 3, 6] { coach[index] = 0 }
        let outcome = try XCTUnwrap(allocate(coach, passengers: 3))
        XCTAssertEqual(seats(outcome), ["1:1", "1:3", "1:6"])
        XCTAssertFalse(outcome.isTogether)
    }

    func testWithoutACoachTheGroupIsScatteredAndSaysSo() throws {
        var first = [UInt64](repeating: full, count: 20), second = first
        first[0] = 0
        first[1] = 0
        second[7] = 0
        let outcome = try XCTUnwrap(allocate(first, second, passengers: 3))
        XCTAssertEqual(Set(seats(outcome)), ["1:0", "1:1", "2:7"])
        XCTAssertFalse(outcome.isTogether)
    }

    func testSeatWishesAreHonouredWhenASeatMeetsThem() throws {
        let empty = [UInt64](repeating: 0, count: 20)
        XCTAssertEqual(letters(allocate(empty, [.window])), ["A"])
        XCTAssertEqual(letters(allocate(empty, [.aisle])), ["C"])
        XCTAssertEqual(letters(allocate(empty, [.letter("F")])), ["F"])
        XCTAssertEqual(letters(allocate(empty, [.letter("D"), .none, .window])), ["D", "C", "F"], "one row, each wish met")
        XCTAssertEqual(letters(allocate(empty, [.window, .window])), ["A", "F"], "both windows of one row")
        XCTAssertEqual(letters(allocate(empty, [.window, .letter("A")])), ["F", "A"], "the letter first, the window from what is left")
        let sleeper = [UInt64](repeating: 0, count: 6)
        let berths = try XCTUnwrap(allocate(sleeper, [.letter("upper"), .letter("lower")], seatClass: .hardSleeper))
        XCTAssertEqual(berths.assignments.map { SeatClass.hardSleeper.seatLabel(index: $0.seatIndex).letter }, ["upper", "lower"])
        XCTAssertTrue(berths.honouredPreferences)
    }

    func testAnUnmetWishStillGetsASeatAndIsReported() throws {
        var coach = [UInt64](repeating: full, count: 10)
        coach[1] = 0
        coach[2] = 0 // 1B and 1C
        let window = try XCTUnwrap(allocate(coach, [.window]))
        XCTAssertFalse(window.honouredPreferences)
        XCTAssertEqual(window.assignments.count, 1)
        XCTAssertEqual(letters(allocate(coach, [.aisle])), ["C"], "B is a middle seat, not an aisle seat")
        let pair = try XCTUnwrap(allocate(coach, [.window, .none]))
        XCTAssertFalse(pair.honouredPreferences)
        XCTAssertTrue(pair.isTogether)
        let sleeper = try XCTUnwrap(allocate([UInt64](repeating: 0, count: 6), [.window], seatClass: .hardSleeper))
        XCTAssertFalse(sleeper.honouredPreferences, "berths have no window")
    }

    func testNilWhenFewerSeatsAreFreeThanPassengers() throws {
        var coach = [UInt64](repeating: full, count: 10)
        coach[4] = 0
        coach[9] = try SegmentMask(from: 0, to: 1).bits
        XCTAssertNil(allocate(coach, passengers: 3))
        XCTAssertNil(allocate(coach, passengers: 2), "seat 9 is sold on the way")
        XCTAssertNotNil(allocate(coach, passengers: 1))
        XCTAssertNil(allocate(coach, []), "nobody to seat")
    }

    func testKeepTogetherFalseGivesEachPassengerTheBestFittingSeat() throws {
        let soldAB = try SegmentMask(from: 0, to: 1).bits
        var coach = [UInt64](repeating: 0, count: 20)
        coach[0] = soldAB
        coach[19] = soldAB
        let separate = try XCTUnwrap(allocate(coach, [.none, .none], from: 1, to: 2, keepTogether: false))
        XCTAssertEqual(seats(separate), ["1:0", "1:19"])
        XCTAssertFalse(separate.isTogether)
        let together = try XCTUnwrap(allocate(coach, [.none, .none], from: 1, to: 2))
        XCTAssertEqual(seats(together), ["1:0", "1:1"])
        XCTAssertTrue(together.isTogether)
    }

    func testTheSameInventoryAndRequestAlwaysGiveTheSameSeats() throws {
        var random = SplitMix(seed: 7)
        for _ in 0..<50 {
            let coaches = (1...3).map { _ in (0..<20).map { _ in random.next() & random.next() & 0b1111 } }
            let origin = Int(random.next() % 4), length = Int(random.next() % UInt64(4 - origin)) + 1
            let wishes: [SeatAllocator.Preference] = [.none, .window, .aisle, .letter("B"), .letter("F")]
            let preferences = (0..<Int(random.next() % 5 + 1)).map { _ in wishes[Int(random.next() % 5)] }
            let first = allocator(coaches, from: origin, to: origin + length, stops: 5).allocate(preferences)
            let second = allocator(coaches, from: origin, to: origin + length, stops: 5).allocate(preferences)
            XCTAssertEqual(first?.assignments, second?.assignments)
            XCTAssertEqual(first?.isTogether, second?.isTogether)
        }
    }

    func testEveryAssignmentIsAFreeSeatAndNoSeatIsGivenTwice() throws {
        var random = SplitMix(seed: 42)
        for _ in 0..<200 {
            let coaches = (1...2).map { _ in (0..<10).map { _ in random.next() & random.next() & 0b1111 } }
            let origin = Int(random.next() % 4), length = Int(random.next() % UInt64(4 - origin)) + 1
            let mask = try SegmentMask(from: origin, to: origin + length)
            let passengers = Int(random.next() % 5) + 1
            let free = coaches.joined().filter(mask.isFree).count
            let outcome = allocator(coaches, from: origin, to: origin + length, stops: 5)
                .allocate(Array(repeating: .none, count: passengers), keepTogether: random.next() % 2 == 0)
            guard let outcome else {
                XCTAssertLessThan(free, passengers)
                continue
            }
            XCTAssertEqual(outcome.assignments.count, passengers)
            XCTAssertEqual(Set(outcome.assignments.map { "\($0.coach):\($0.seatIndex)" }).count, passengers)
            for seat in outcome.assignments { XCTAssertTrue(mask.isFree(coaches[seat.coach - 1][seat.seatIndex])) }
        }
    }

    func testSlackCountsTheFreeSegmentsAroundTheStretchUpToTheNextSoldOne() throws {
        var random = SplitMix(seed: 3)
        for _ in 0..<500 {
            let stops = Int(random.next() % 20) + 2
            let origin = Int(random.next() % UInt64(stops - 1))
            let destination = origin + 1 + Int(random.next() % UInt64(stops - 1 - origin))
            let occupancy = random.next() & random.next() & ((1 << UInt64(stops - 1)) - 1) & ~(try SegmentMask(from: origin, to: destination).bits)
            var expected = 0
            var segment = origin - 1
            while segment >= 0, occupancy & (1 << UInt64(segment)) == 0 {
                expected += 1
                segment -= 1
            }
            segment = destination
            while segment < stops - 1, occupancy & (1 << UInt64(segment)) == 0 {
                expected += 1
                segment += 1
            }
            let allocator = SeatAllocator(coaches: [], segment: try SegmentMask(from: origin, to: destination), stopCount: stops)
            XCTAssertEqual(allocator.slack(occupancy), expected, "\(origin)→\(destination) of \(stops), \(String(occupancy, radix: 2))")
        }
    }

    // MARK: - Helpers

    private let full = UInt64.max

    private func allocator(
        _ coaches: [[UInt64]], seatClass: SeatClass = .second, from origin: Int, to destination: Int,
        stops: Int
    ) -> SeatAllocator {
        SeatAllocator(
            coaches: coaches.enumerated().map { SeatAllocator.CoachSeats(number: $0.offset + 1, seatClass: seatClass, occupancy: $0.element) },
            segment: try! SegmentMask(from: origin, to: destination), stopCount: stops) // the tests ask for real stretches
    }

    /// One coach of `occupancy`, one passenger without a wish.
    private func allocate(_ occupancy: [UInt64], from origin: Int, to destination: Int, stops: Int = 3) -> SeatAllocator.Outcome? {
        allocator([occupancy], from: origin, to: destination, stops: stops).allocate([.none])
    }

    private func allocate(_ coaches: [UInt64]..., passengers: Int) -> SeatAllocator.Outcome? {
        allocator(coaches, from: 0, to: 2, stops: 3).allocate(Array(repeating: .none, count: passengers))
    }

    private func allocate(
        _ occupancy: [UInt64], _ preferences: [SeatAllocator.Preference], seatClass: SeatClass = .second,
        from origin: Int = 0, to destination: Int = 2, keepTogether: Bool = true
    ) -> SeatAllocator.Outcome? {
        allocator([occupancy], seatClass: seatClass, from: origin, to: destination, stops: 3).allocate(preferences, keepTogether: keepTogether)
    }

    /// `coach:seatIndex` per passenger.
    private func seats(_ outcome: SeatAllocator.Outcome?) -> [String] {
        outcome?.assignments.map { "\($0.coach):\($0.seatIndex)" } ?? []
    }

    private func letters(_ outcome: SeatAllocator.Outcome?) -> [String] {
        outcome?.assignments.map { SeatClass.second.seatLabel(index: $0.seatIndex).letter } ?? []
    }
}
