import XCTest

@testable import Railbook

/// Dates as queries, forms and links write them: `YYYY-MM-DD` and nothing else, real days only.
final class CivilDateTests: XCTestCase {
    func testOnlyRealDaysWrittenYYYYMMDDAreRead() {
        XCTAssertEqual(CivilDate(iso: "2026-12-02"), CivilDate(year: 2026, month: 12, day: 2))
        XCTAssertEqual(CivilDate(iso: "2028-02-29"), CivilDate(year: 2028, month: 2, day: 29))
        for text in [
            "", "2026-12-2", "2026-1-02", "26-12-02", "2026/12/02", "2026-12-02 ", " 2026-12-02", "2026-12-0a",
            "2026-13-01", "2027-02-29", "2026-00-10", "2026-12-00", "0000-01-01", "２０２６-12-02", "2026-12-0２",
            "2026--12-02", "+026-12-02", "2026-12-３1", "2026-12-02\u{301}",
        ] {
            XCTAssertNil(CivilDate(iso: text), text)
        }
    }

    func testADateIsWrittenAsItIsRead() throws {
        for text in ["2026-12-02", "2026-01-31", "1999-10-09", "9999-12-31", "1000-01-01"] {
            XCTAssertEqual(try XCTUnwrap(CivilDate(iso: text)).description, text)
        }
        XCTAssertEqual(CivilDate(year: 999, month: 3, day: 4)?.description, "999-03-04", "a year before 1000 is not padded")
        XCTAssertEqual(try XCTUnwrap(CivilDate(iso: "9999-12-31")).adding(days: 1).description, "10000-01-01", "nor one after 9999 cut")
        var day = try XCTUnwrap(CivilDate(iso: "2026-12-25"))
        for _ in 0..<400 {
            XCTAssertEqual(CivilDate(iso: day.description), day)
            day = day.adding(days: 1)
        }
    }
}
