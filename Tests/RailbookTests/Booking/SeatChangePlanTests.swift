import XCTest

@testable import Railbook

/// The same-train seat change planner on hand-made occupancy: a bit per segment, set when sold.
final class SeatChangePlanTests: XCTestCase {
    private func coach(_ masks: [UInt64], number: Int = 1) -> SeatAllocator.CoachSeats {
        SeatAllocator.CoachSeats(number: number, seatClass: .second, occupancy: masks)
    }

    private func stops(_ plan: SeatChangePlan?) -> [[Int]] {
        plan?.legs.map { [$0.originIndex, $0.destinationIndex] } ?? []
    }

    private func seats(_ plan: SeatChangePlan?) -> [[Int]] {
        plan?.legs.map { $0.seats.map(\.seatIndex) } ?? []
    }

    func testTwoSeatsEachFreeForPartOfTheStretchMakeTwoLegs() {
        // Seat 1 is free 0 → 1 only, seat 2 free 1 → 2 only, seat 0 sold all the way.
        let plan = SeatChangePlan.find(in: [coach([0b11, 0b10, 0b01])], from: 0, to: 2, party: 1)
        XCTAssertEqual(stops(plan), [[0, 1], [1, 2]])
        XCTAssertEqual(seats(plan), [[1], [2]])
        XCTAssertEqual(plan?.changeIndices, [1])
        XCTAssertEqual(plan?.seatMoves, 1)
    }

    func testNoPlanWhenASeatIsFreeForTheWholeStretchOrNothingCoversIt() {
        XCTAssertNil(SeatChangePlan.find(in: [coach([0b11, 0b00])], from: 0, to: 2, party: 1), "a whole seat: no change needed")
        XCTAssertNil(SeatChangePlan.find(in: [coach([0b11, 0b10, 0b11])], from: 0, to: 2, party: 1), "nothing free 1 → 2")
        XCTAssertNil(SeatChangePlan.find(in: [coach([0b10, 0b01])], from: 0, to: 1, party: 1), "one segment cannot be split")
        XCTAssertNil(SeatChangePlan.find(in: [coach([0b10, 0b01])], from: 0, to: 2, party: 2), "one seat a leg for two")
    }

    func testFewestLegsComeFirst() {
        // Seat 0 free 0 → 2, seat 1 free 1 → 3, seat 2 free 0 → 1, seat 3 free 2 → 3: seats 0 then 1.
        let plan = SeatChangePlan.find(in: [coach([0b100, 0b001, 0b110, 0b011])], from: 0, to: 3, party: 1)
        XCTAssertEqual(stops(plan), [[0, 2], [2, 3]])
        XCTAssertEqual(seats(plan), [[0], [1]])
    }

    func testThreeLegsAtMostAcrossCoaches() {
        let three = SeatChangePlan.find(in: [coach([0b110, 0b101]), coach([0b011], number: 2)], from: 0, to: 3, party: 1)
        XCTAssertEqual(stops(three), [[0, 1], [1, 2], [2, 3]])
        XCTAssertEqual(three?.legs.map { $0.seats[0].coach }, [1, 1, 2])
        XCTAssertEqual(three?.seatMoves, 2)
        let four = SeatChangePlan.find(in: [coach([0b1110, 0b1101, 0b1011, 0b0111])], from: 0, to: 4, party: 1)
        XCTAssertNil(four, "four legs are not offered")
    }

    func testAPartyKeepsTheSeatsThatStayFree() {
        // Seat 0 free all the way, seat 1 free 0 → 1, seat 2 free 1 → 2: one of two moves.
        let plan = SeatChangePlan.find(in: [coach([0b00, 0b10, 0b01])], from: 0, to: 2, party: 2)
        XCTAssertEqual(stops(plan), [[0, 1], [1, 2]])
        XCTAssertEqual(seats(plan), [[0, 1], [0, 2]], "the first passenger stays in seat 0")
        XCTAssertEqual(plan?.seatMoves, 1)
    }

    func testANewSeatThatStaysFreeForTheNextLegIsTakenFirst() {
        // Seat 0 free 0 → 3, seats 1 and 2 free 0 → 1, seat 3 free 1 → 3: two legs, one move, not two.
        let plan = SeatChangePlan.find(in: [coach([0b000, 0b110, 0b110, 0b001])], from: 0, to: 3, party: 2)
        XCTAssertEqual(stops(plan), [[0, 1], [1, 3]])
        XCTAssertEqual(seats(plan), [[0, 1], [0, 3]])
        XCTAssertEqual(plan?.seatMoves, 1)
    }

    func testTheLastLegTakesTheSeatWhoseFreeSpanEndsSoonestBeyondTheTrip() {
        // A route of four segments, the trip 0 → 2: seat 0 free 0 → 1; seat 1 free 1 → the end of the
        // route; seat 2 free 1 → 2 only. The last leg takes seat 2 and leaves seat 1's long span whole.
        let plan = SeatChangePlan.find(in: [coach([0b1110, 0b0001, 0b1101])], from: 0, to: 2, party: 1)
        XCTAssertEqual(seats(plan), [[0], [2]])
    }

    func testTheSamePlanForTheSameSeats() {
        let seats: [UInt64] = (0..<200).map { UInt64($0 % 7 == 0 ? 0b0110 : $0 % 5 == 0 ? 0b1001 : 0b1111) }
        let first = SeatChangePlan.find(in: [coach(seats)], from: 0, to: 4, party: 3)
        XCTAssertNotNil(first)
        XCTAssertEqual(first, SeatChangePlan.find(in: [coach(seats)], from: 0, to: 4, party: 3))
    }
}
