import Secrets
import XCTest

final class ConstantTimeEqualsTests: XCTestCase {
    func testComparesBytes() {
        XCTAssertTrue(constantTimeEquals([1, 2, 3], [1, 2, 3]))
        XCTAssertFalse(constantTimeEquals([1, 2, 3], [1, 2, 4]))
        XCTAssertFalse(constantTimeEquals([1, 2, 3], [1, 2]))
        XCTAssertTrue(constantTimeEquals([], []))
    }

    func testComparesStrings() {
        XCTAssertTrue(constantTimeEquals("csrf-token", "csrf-token"))
        XCTAssertFalse(constantTimeEquals("csrf-token", "csrf-tokeN"))
        XCTAssertFalse(constantTimeEquals("csrf-token", ""))
    }
}
