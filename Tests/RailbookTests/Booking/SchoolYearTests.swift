import XCTest

@testable import Railbook

/// Student tickets count per school year: 1 October to 30 September (the railway's rule since 2025).
final class SchoolYearTests: XCTestCase {
    func testTheSchoolYearRunsFromOctoberToSeptember() {
        let autumn = SchoolYear.containing(CivilDate(year: 2026, month: 10, day: 1)!)
        XCTAssertEqual(autumn.first.description, "2026-10-01")
        XCTAssertEqual(autumn.last.description, "2027-09-30")
        XCTAssertEqual(SchoolYear.containing(CivilDate(year: 2027, month: 9, day: 30)!), autumn)
        XCTAssertEqual(SchoolYear.containing(CivilDate(year: 2026, month: 9, day: 30)!).first.description, "2025-10-01")
    }

    func testTheBoundsAreMidnightInChina() {
        let year = SchoolYear.containing(CivilDate(year: 2027, month: 1, day: 15)!)
        XCTAssertEqual(year.bounds.start, RunLeg.unixTime(CivilDate(year: 2026, month: 10, day: 1)!, minute: 0))
        XCTAssertEqual(year.bounds.end, RunLeg.unixTime(CivilDate(year: 2027, month: 10, day: 1)!, minute: 0))
    }

    func testAnAgeIsCompleteOnTheBirthday() {
        let birth = CivilDate(year: 2012, month: 12, day: 2)!
        XCTAssertEqual(CivilDate(year: 2026, month: 12, day: 1)!.age(bornOn: birth), 13)
        XCTAssertEqual(CivilDate(year: 2026, month: 12, day: 2)!.age(bornOn: birth), 14)
        let leap = CivilDate(year: 2012, month: 2, day: 29)!
        XCTAssertEqual(CivilDate(year: 2026, month: 2, day: 28)!.age(bornOn: leap), 13)
        XCTAssertEqual(CivilDate(year: 2026, month: 3, day: 1)!.age(bornOn: leap), 14)
    }
}
