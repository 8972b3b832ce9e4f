import XCTest

@testable import Railbook

final class RefundPolicyTests: XCTestCase {
    private let hour = 3600

    func testBandsByTimeBeforeDeparture() {
        XCTAssertEqual(RefundPolicy.percent(secondsBeforeDeparture: 15 * 24 * hour), 0)
        XCTAssertEqual(RefundPolicy.percent(secondsBeforeDeparture: 192 * hour), 0, "exactly 8 days is free")
        XCTAssertEqual(RefundPolicy.percent(secondsBeforeDeparture: 192 * hour - 1), 5)
        XCTAssertEqual(RefundPolicy.percent(secondsBeforeDeparture: 48 * hour), 5, "exactly 48 hours is 5%")
        XCTAssertEqual(RefundPolicy.percent(secondsBeforeDeparture: 48 * hour - 1), 10)
        XCTAssertEqual(RefundPolicy.percent(secondsBeforeDeparture: 24 * hour), 10, "exactly 24 hours is 10%")
        XCTAssertEqual(RefundPolicy.percent(secondsBeforeDeparture: 24 * hour - 1), 20)
        XCTAssertEqual(RefundPolicy.percent(secondsBeforeDeparture: 1), 20)
        XCTAssertNil(RefundPolicy.percent(secondsBeforeDeparture: 0), "at departure: no refund")
        XCTAssertNil(RefundPolicy.percent(secondsBeforeDeparture: -60))
    }

    func testFeeIsRoundedToHalfAYuanWithATwoYuanMinimum() {
        XCTAssertEqual(RefundPolicy.fee(amountFen: 27_600, percent: 5), 1_400, "¥13.8 → ¥14")
        XCTAssertEqual(RefundPolicy.fee(amountFen: 27_500, percent: 5), 1_400, "¥13.75 → ¥14 (halves up)")
        XCTAssertEqual(RefundPolicy.fee(amountFen: 27_400, percent: 5), 1_350, "¥13.7 → ¥13.5")
        XCTAssertEqual(RefundPolicy.fee(amountFen: 55_350, percent: 20), 11_050, "¥110.07 → ¥110.5")
        XCTAssertEqual(RefundPolicy.fee(amountFen: 55_350, percent: 10), 5_550, "¥55.335 → ¥55.5")
        XCTAssertEqual(RefundPolicy.fee(amountFen: 3_000, percent: 5), 200, "¥1.5 → minimum ¥2")
        XCTAssertEqual(RefundPolicy.fee(amountFen: 4_000, percent: 5), 200, "¥2 exactly")
        XCTAssertEqual(RefundPolicy.fee(amountFen: 150, percent: 20), 150, "never more than the amount")
        XCTAssertEqual(RefundPolicy.fee(amountFen: 55_350, percent: 0), 0, "free: no minimum")
    }

    func testQuoteGivesBackTheRest() {
        let departure = 1_800_000_000
        XCTAssertEqual(
            RefundPolicy.quote(amountFen: 27_600, departsAt: departure, now: departure - 3 * 24 * hour),
            RefundPolicy.Quote(percent: 5, feeFen: 1_400, refundFen: 26_200))
        XCTAssertEqual(
            RefundPolicy.quote(amountFen: 27_600, departsAt: departure, now: departure - 10 * 24 * hour),
            RefundPolicy.Quote(percent: 0, feeFen: 0, refundFen: 27_600))
        XCTAssertEqual(
            RefundPolicy.quote(amountFen: 27_600, departsAt: departure, now: departure - hour),
            RefundPolicy.Quote(percent: 20, feeFen: 5_500, refundFen: 22_100))
        XCTAssertNil(RefundPolicy.quote(amountFen: 27_600, departsAt: departure, now: departure))
    }
}
