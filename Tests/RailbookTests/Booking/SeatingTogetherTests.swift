import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// A party booked with "keep us together" is told on its order page when it could not be seated
/// together (side by side in one row, or a block over two neighbouring rows), and only then.
final class SeatingTogetherTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    func testAPartyLeftOnlySplitSeatsIsToldItCouldNotSitTogether() throws {
        let client = try BookingFixtures.traveller()
        let party = try threePassengers(client)
        try sellSecondClass(leavingFree: [1, 3, 6], client) // 01B, 01D, 02B of the first coach
        let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), passengers: party, with: client)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)
        let document = try order.document()
        XCTAssertEqual(Set(document.nodes("//li[@data-ticket]").compactMap { $0.attribute("data-seat") }), ["01B", "01D", "02B"])
        XCTAssertEqual(document.text("//p[@class='form-notice']"), "未能将所有乘车人安排在一起，已尽量安排相近座位。")
    }

    func testAPartySideBySideAcrossTheAisleSeesNoNotice() throws {
        let client = try BookingFixtures.traveller()
        let party = try threePassengers(client)
        try sellSecondClass(leavingFree: [2, 3, 4, 11], client) // 01C, 01D, 01F and 03B of the first coach
        let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), passengers: party, with: client)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)
        let document = try order.document()
        XCTAssertEqual(Set(document.nodes("//li[@data-ticket]").compactMap { $0.attribute("data-seat") }), ["01C", "01D", "01F"])
        XCTAssertNil(document.node("//p[@class='form-notice']"), "seated together: nothing to say")
    }

    // MARK: - Helpers

    /// The account holder and two passengers saved with them.
    private func threePassengers(_ client: TestClient) throws -> [Int64] {
        [
            try BookingFixtures.holderID(client), try BookingFixtures.addPassenger("韩梅梅", sequence: "224", with: client),
            try BookingFixtures.addPassenger("王芳", sequence: "448", with: client),
        ]
    }

    /// Every second-class seat of tomorrow's G101 sold for the whole route, but `leavingFree` of its first coach.
    private func sellSecondClass(leavingFree seats: [Int], _ client: TestClient) throws {
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: tomorrow)
        try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: .second, from: 0, to: 2, leavingFree: seats)
    }
}
