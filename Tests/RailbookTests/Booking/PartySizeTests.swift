import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// An order holds up to nine passengers, as 12306 sells today; seats can be chosen for up to five
/// of them (a bigger party has its seats assigned). A waitlist takes up to nine as well.
final class PartySizeTests: XCTestCase {
    func testNinePassengersBookOneOrderWithNineSeats() throws {
        let client = try BookingFixtures.traveller()
        let party = try passengers(9, client)
        let page = try BookingFixtures.bookPage(with: client)
        XCTAssertEqual(
            try page.document().text("//fieldset[@class='passenger-picker']/p[@class='hint']"), "最多选择 9 位常用联系人；5 位以内可以选座，更多时系统自动分配座位。")
        let order = try BookingFixtures.book(page, passengers: party, with: client)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)
        let seats = try order.document().nodes("//li[@data-ticket]").compactMap { $0.attribute("data-seat") }
        XCTAssertEqual(seats.count, 9)
        XCTAssertEqual(Set(seats).count, 9, "nine different seats: \(seats)")
    }

    func testATenthPassengerIsRefusedAndTheTenTicksAreKept() throws {
        let client = try BookingFixtures.traveller()
        let party = try passengers(10, client)
        let answer = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), passengers: party, with: client)
        XCTAssertEqual(answer.status, .conflict, "the book page again")
        let document = try answer.document()
        XCTAssertEqual(document.text("//div[@role='alert']/p"), "每个订单最多 9 位乘车人。")
        let ticked = document.nodes("//input[@name='passenger'][@checked]").compactMap { Int64($0.attribute("value") ?? "") }
        XCTAssertEqual(Set(ticked), Set(party), "the ten ticks are kept")
        XCTAssertEqual(try orderCount(client), 0)
    }

    func testSeatsAreChosenForUpToFivePassengersAndAssignedForMore() throws {
        let client = try BookingFixtures.traveller()
        let party = try passengers(6, client)
        let page = try BookingFixtures.bookPage(with: client)
        let refused = try BookingFixtures.book(page, passengers: party, seats: [party[0]: "F", party[5]: "A"], with: client)
        XCTAssertEqual(refused.status, .conflict, "the book page again")
        let document = try refused.document()
        XCTAssertEqual(document.text("//div[@role='alert']/p"), "选座最多 5 位乘车人。6 位及以上请不选座位，由系统自动分配。")
        XCTAssertEqual(document.node("//input[@name='seat_\(party[0])'][@value='F']")?.attribute("checked"), "checked", "the pick is kept")
        XCTAssertEqual(try orderCount(client), 0)

        let five = try BookingFixtures.book(
            try BookingFixtures.bookPage(with: client), passengers: Array(party.prefix(5)), seats: [party[0]: "F"], with: client)
        XCTAssertTrue(five.target.hasPrefix("/orders/E"), five.target)
        let seatOfFirst = try five.document().node("//li[@data-ticket][1]")?.attribute("data-seat")
        XCTAssertEqual(seatOfFirst?.last, "F", "five passengers may choose: \(seatOfFirst ?? "-")")
    }

    func testAWaitlistTakesNinePassengersAndRefusesTen() throws {
        let booker = try BookingFixtures.traveller()
        _ = try WaitlistFixtures.sellOutAround(seats: 1, booker: booker)
        let traveller = try WaitlistFixtures.member("hanmeimei", name: "韩梅梅", sequence: "224", mobile: "13900001111", on: booker.application)
        let party = try passengers(10, traveller)
        let page = try WaitlistFixtures.waitlistPage(with: traveller)
        XCTAssertEqual(try page.document().text("//fieldset[@class='passenger-picker']/p[@class='hint']"), "最多选择 9 位常用联系人；所有乘车人都有座位时才会兑现。")
        let refused = try WaitlistFixtures.join(page, passengers: party, with: traveller)
        XCTAssertEqual(refused.status, .unprocessableContent)
        XCTAssertEqual(try refused.document().text("//div[@role='alert']/p"), "候补订单最多 9 位乘车人。")
        XCTAssertEqual(try refused.document().nodes("//input[@name='passenger'][@checked]").count, 10, "the choices are kept")
        let joined = try WaitlistFixtures.joinAndPay(passengers: Array(party.prefix(9)), with: traveller)
        XCTAssertEqual(try joined.document().nodes("//ul[@class='waitlist__passengers']/li").count, 9)
    }

    func testAnAccountKeepsAtMostSixWaitlistsOpen() throws {
        let client = try BookingFixtures.traveller()
        var opened: [String] = []
        for days in 1...7 {
            let date = ChinaTime.today().adding(days: days)
            let runID = try TimetableFixtures.runID(client.application, train: "G101", date: date)
            try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: .second, from: 0, to: 2)
            let page = try client.get("/waitlist/new?run=\(runID)&from=AAA&to=CCC&class=second")
            let provider = try WaitlistFixtures.join(page, with: client)
            if days <= 6 {
                XCTAssertTrue(provider.target.hasPrefix("/pay/"), "waitlist \(days): \(provider.target)")
                opened.append(try PaymentFixtures.press("confirm", on: provider, with: client).target)
            } else {
                XCTAssertEqual(provider.status, .conflict)
                XCTAssertEqual(
                    try provider.document().text("//div[@role='alert']/p"), "每个账号最多同时有 6 个候补订单，请等待已有候补兑现或取消后再提交。")
            }
        }
        let first = try client.get(opened[0])
        _ = try client.submit(try first.document().form(action: opened[0] + "/cancel"), from: first)
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: ChinaTime.today().adding(days: 7))
        let again = try WaitlistFixtures.join(try client.get("/waitlist/new?run=\(runID)&from=AAA&to=CCC&class=second"), with: client)
        XCTAssertTrue(again.target.hasPrefix("/pay/"), "a cancelled waitlist frees a place: \(again.target)")
    }

    // MARK: - Helpers

    /// The account holder and `count - 1` passengers saved with them.
    private func passengers(_ count: Int, _ client: TestClient) throws -> [Int64] {
        var ids = [try BookingFixtures.holderID(client)]
        for index in 1..<count {
            ids.append(try BookingFixtures.addPassenger("同行\(index)", sequence: String(300 + 2 * index), with: client))
        }
        return ids
    }

    private func orderCount(_ client: TestClient) throws -> Int {
        try client.application.database.read { try XCTUnwrap(try $0.queryOne("SELECT COUNT(*) AS n FROM orders", [])).int("n") }
    }
}
