import XCTest

@testable import Railbook

/// What counts as a party seated together (`SeatAllocator.isTogether`), on seats written as on
/// tickets (`01C`, `03L`) in coach 1 unless a coach is named (`2:01A`).
final class SeatsTogetherTests: XCTestCase {
    func testSideBySideInOneRowTheAisleNotCountingAsASeat() {
        XCTAssertTrue(together(["01A", "01B", "01C"]))
        XCTAssertTrue(together(["01C", "01D"]), "only the aisle between them")
        XCTAssertTrue(together(["01B", "01C", "01D", "01F"]))
        XCTAssertFalse(together(["01A", "01C"]), "01B is between them")
        XCTAssertFalse(together(["01A", "01F"]), "both windows of a row")
        XCTAssertTrue(together(["01A", "01C"], .first), "first class rows are A C | D F")
        XCTAssertTrue(together(["01C", "01F"], .business), "business rows are A C | F")
        XCTAssertFalse(together(["01A", "01F"], .business))
    }

    func testTheSeatsOfTheIssueAreNotTogether() {
        XCTAssertFalse(together(["01B", "01D", "02B"]), "01C is between 01B and 01D")
    }

    func testABlockOverNeighbouringRowsIsTogetherWhenNobodySitsApart() {
        XCTAssertTrue(together(["01C", "01D", "02C", "02D"]))
        XCTAssertTrue(together(["01A", "01B", "01C", "02B", "02C"]))
        XCTAssertTrue(together(["01A", "01B", "01C", "01D", "01F", "02D", "02F"]))
        XCTAssertTrue(together(["01A", "01B", "02A", "02B", "03A", "03B"]), "three rows, one behind the other")
        XCTAssertFalse(together(["01D", "01F", "02A", "02B"]), "two pairs on either side of the aisle")
        XCTAssertFalse(together(["01A", "02A"]), "one behind the other is not side by side")
        XCTAssertFalse(together(["01B", "01C", "02B"]), "02B sits without a companion beside them")
        XCTAssertFalse(together(["01A", "01B", "03A", "03B"]), "row 2 between them")
        XCTAssertFalse(together(["01A", "01B", "02A", "02C"]), "02B is between 02A and 02C")
    }

    func testAnotherCoachIsApart() {
        XCTAssertFalse(together(["01C", "2:01D"]))
        XCTAssertTrue(together(["2:05A", "2:05B"]))
    }

    func testBerthsAreTogetherInOneCompartmentOrAsFewNeighbouringOnesAsThePartyNeeds() {
        XCTAssertTrue(together(["01L", "01U"], .hardSleeper), "one compartment, whatever the levels")
        XCTAssertFalse(together(["01L", "02L"], .hardSleeper), "two fit in one compartment")
        XCTAssertTrue(together(["01L", "01M", "01U", "02L"], .hardSleeper))
        XCTAssertFalse(together(["01L", "01M", "01U", "03L"], .hardSleeper))
        XCTAssertFalse(together(["01L", "01U", "02L", "03L"], .softSleeper), "four fit in two compartments")
        XCTAssertTrue(together(["04L", "04U", "05L"], .softSleeper))
    }

    func testOnePassengerAndStandingAreAlwaysTogether() {
        XCTAssertTrue(together(["07F"]))
        XCTAssertTrue(SeatAllocator.isTogether([.init(coach: 0, seatIndex: 0), .init(coach: 0, seatIndex: 5)], in: .standing))
    }

    // MARK: - Helpers

    /// Whether a party on `seats` of `seatClass` sits together.
    private func together(
        _ seats: [String], _ seatClass: SeatClass = .second, file: StaticString = #filePath,
        line: UInt = #line
    ) -> Bool {
        let letters = seatClass.rowLetters
        let assignments = seats.compactMap { written -> SeatAllocator.Assignment? in
            let parts = written.split(separator: ":")
            guard let number = SeatNumber(code: String(parts.last ?? "")), let place = letters.firstIndex(of: number.letter) else {
                XCTFail("not a \(seatClass) seat: \(written)", file: file, line: line)
                return nil
            }
            return SeatAllocator.Assignment(
                coach: parts.count > 1 ? Int(parts[0]) ?? 0 : 1,
                seatIndex: (number.row - 1) * letters.count + place)
        }
        return SeatAllocator.isTogether(assignments, in: seatClass)
    }
}
