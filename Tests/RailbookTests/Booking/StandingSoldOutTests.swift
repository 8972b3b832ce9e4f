import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// Standing (无座) once its places are gone: still listed, as sold out, on the results and train
/// pages; and a quota lowered below what a run has sold keeps those tickets and sells no more
/// standing there until refunds bring it under the quota.
final class StandingSoldOutTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    func testStandingSoldOutStaysListedAsNoneOnTheResultsAndTrainPages() throws {
        let admin = try BookingFixtures.traveller()
        try makeAdmin(admin)
        _ = try setQuota("1", with: admin)
        try sellSeats(admin)
        let page = try BookingFixtures.bookPage(seatClass: "standing", with: admin)
        let order = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(admin)], with: admin)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)

        let offer = try XCTUnwrap(try standingOffer(admin), "无座 is still listed once its places are gone")
        XCTAssertEqual(offer.attribute("data-seats"), "0")
        XCTAssertEqual(offer.text(".//span[contains(@class, 'trip__seats')]"), "无")
        XCTAssertNil(offer.node(".//a"), "nothing to book, no waitlist for standing")

        let train = try admin.get("/trains/G101?date=\(tomorrow)&from=AAA&to=CCC").document()
        let listed = try XCTUnwrap(train.node("//ul[@class='class-list']/li[@data-class='standing']"))
        XCTAssertEqual(listed.attribute("data-seats"), "0")
        XCTAssertEqual(listed.text(".//span[contains(@class, 'class-list__seats')]/strong"), "无")
        XCTAssertNil(listed.node(".//a"))

        _ = try admin.get("/language/en?back=/")
        let english = try admin.get("/search?from=\(PercentEncoding.encode("甲城"))&to=\(PercentEncoding.encode("丙城"))&date=\(tomorrow)")
        XCTAssertEqual(
            try english.document().text("//li[@data-train='G101']//li[@data-class='standing']//span[contains(@class, 'trip__seats')]"),
            "Sold out")
    }

    func testAQuotaLoweredBelowWhatIsSoldSellsNoMoreUntilRefundsBringItUnder() throws {
        let admin = try BookingFixtures.traveller()
        try makeAdmin(admin)
        let second = try BookingFixtures.addPassenger("韩梅梅", sequence: "224", with: admin)
        let third = try BookingFixtures.addPassenger("王芳", sequence: "236", with: admin)
        _ = try setQuota("3", with: admin)
        try sellSeats(admin)
        let page = try BookingFixtures.bookPage(seatClass: "standing", with: admin)
        let order = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(admin), second, third], with: admin)
        try RefundFixtures.markPaid(order.target, in: admin.application)
        XCTAssertEqual(try standingOffer(admin)?.attribute("data-seats"), "0", "the three places are sold")
        // The first place is given back: the two tickets left hold the second and third places.
        try refund(try ticket(atPlace: 0, admin), with: admin)
        XCTAssertEqual(try standingOffer(admin)?.attribute("data-seats"), "1")

        let lowered = try setQuota("1", with: admin)
        XCTAssertEqual(lowered.status, .ok)
        let edit = try lowered.document()
        XCTAssertEqual(
            edit.text("//p[@role='status']"),
            "无座定额已保存。已有车次售出的无座多于新定额：这些票仍然有效，这些车次在退票使售出数低于定额前不再发售无座。")
        let hint = try XCTUnwrap(edit.text("//p[@id='standing-quota-hint']"))
        XCTAssertTrue(hint.contains("在售车次单车最多已售 2 张"), hint)
        XCTAssertEqual(try standingOffer(admin)?.attribute("data-seats"), "0", "two sold, quota one: none left, never a negative count")
        let other = try WaitlistFixtures.member("zhao_lei", name: "赵磊", sequence: "248", mobile: "13900000003", on: admin.application)
        let refused = try other.get("/book?run=\(try runID(admin))&from=AAA&to=CCC&class=standing").document()
        XCTAssertEqual(refused.text("//div[@data-sold-out='standing']/p"), "已售完：本区间的无座票也已售完。", "no more standing on this run")
        XCTAssertNil(refused.node("//form[@action='/orders']"))

        try refund(try ticket(atPlace: 1, admin), with: admin)
        XCTAssertEqual(try standingOffer(admin)?.attribute("data-seats"), "0", "one sold, quota one")
        try refund(try ticket(atPlace: 2, admin), with: admin)
        XCTAssertEqual(try standingOffer(admin)?.attribute("data-seats"), "1", "under the quota again")
    }

    // MARK: - Helpers

    /// Makes the registered traveller (李雷) an administrator.
    private func makeAdmin(_ client: TestClient) throws {
        _ = try client.application.database.write { try $0.run("UPDATE users SET authority = 'admin' WHERE account = 'li_lei'") }
    }

    /// Submits the standing quota form of G101's admin page with `quota`.
    private func setQuota(_ quota: String, with admin: TestClient) throws -> TestResponse {
        let trainID = try XCTUnwrap(admin.application.railway.timetable.train(number: "G101")?.id)
        let edit = try admin.get("/admin/trains/\(trainID)/edit")
        var form = try edit.document().form(action: "/admin/trains/\(trainID)/standing")
        try form.fill("standing_quota", quota)
        return try admin.submit(form, from: edit)
    }

    private func runID(_ client: TestClient) throws -> Int64 {
        try TimetableFixtures.runID(client.application, train: "G101", date: tomorrow)
    }

    /// Every seated class of tomorrow's G101 sold for the whole route.
    private func sellSeats(_ client: TestClient) throws {
        let runID = try runID(client)
        for seatClass in [SeatClass.business, .first, .second] {
            try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: seatClass, from: 0, to: 2)
        }
    }

    /// The 无座 entry of G101 in tomorrow's results for 甲城 → 丙城.
    private func standingOffer(_ client: TestClient) throws -> HTMLNode? {
        let results = try client.get("/search?from=\(PercentEncoding.encode("甲城"))&to=\(PercentEncoding.encode("丙城"))&date=\(tomorrow)")
        return try results.document().node("//li[@data-train='G101']//li[@data-class='standing']")
    }

    /// The issued standing ticket holding place `place` of tomorrow's G101.
    private func ticket(atPlace place: Int, _ client: TestClient) throws -> Int64 {
        let runID = try runID(client)
        return try XCTUnwrap(
            try client.application.database.read { db in
                try db.queryOne(
                    "SELECT id FROM tickets WHERE run_id = ? AND seat_class = 'standing' AND seat_index = ? AND status = 'issued'",
                    [runID, place])?.int64("id")
            })
    }

    /// Refunds ticket `ticketID` through its refund page.
    private func refund(_ ticketID: Int64, with client: TestClient) throws {
        let page = try client.get("/tickets/\(ticketID)/refund")
        let done = try client.submit(try page.document().form(action: "/tickets/\(ticketID)/refund"), from: page)
        XCTAssertEqual(done.status, .ok)
    }
}
