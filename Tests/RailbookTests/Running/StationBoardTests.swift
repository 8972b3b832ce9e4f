import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// The station board of 乙城 (BBB) at 08:30 tomorrow, when G101 (甲城 08:00 → 乙城 09:00/09:02 →
/// 丙城 10:00) is on its way.
final class StationBoardTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    /// An administrator's browser (logged in after the clock moved, so the session is fresh) on a
    /// site whose clock shows 08:30 tomorrow, stopped.
    private func siteAtHalfPastEightTomorrow() throws -> TestClient {
        let traveller = try BookingFixtures.traveller()
        let application = traveller.application
        application.stopClock()
        application.wait(seconds: RunLeg.unixTime(tomorrow, minute: 8 * 60 + 30) - application.clock.now())
        return try ShopOrderFixtures.admin(of: traveller)
    }

    private func board(_ code: String, with client: TestClient) throws -> (TestResponse, HTMLDocument) {
        let page = try client.get("/stations/\(code)/board")
        return (page, try page.document())
    }

    func testTheBoardShowsTheNextTrainsAsTheyStandAndRefreshesItself() throws {
        let admin = try siteAtHalfPastEightTomorrow()
        let visitor = TestClient(application: admin.application)
        let (page, document) = try board("BBB", with: visitor)
        XCTAssertEqual(page.status, .ok)
        XCTAssertEqual(page.headers["Refresh"], "30")
        XCTAssertEqual(document.text("//h1"), "乙城 到发信息")
        let departure = "//table[@data-kind='departures']//tr[@data-train='G101']"
        XCTAssertEqual(document.text(departure + "/td[@class='board__time']"), "09:02")
        XCTAssertEqual(document.text(departure + "/td[2]"), "丙城")
        XCTAssertEqual(document.text(departure + "/td[@class='board__status']"), "正点")
        XCTAssertEqual(document.node(departure + "//a")?.attribute("href"), "/trains/G101?date=\(tomorrow)")
        let arrival = "//table[@data-kind='arrivals']//tr[@data-train='G101']"
        XCTAssertEqual(document.text(arrival + "/td[@class='board__time']"), "09:00")
        XCTAssertEqual(document.text(arrival + "/td[2]"), "甲城")

        // 甲城 reports G101 left 20 minutes late, 乙城 its platform and gate.
        let runID = try WaitlistFixtures.runID(admin)
        let running = try admin.get("/admin/runs/\(runID)/running")
        var form = try running.document().form("//li[@data-stop='AAA']//form")
        try form.fill("departure", "08:20")
        try form.fill("departure_kind", "actual")
        let saved = try admin.submit(form, from: running)
        var platformForm = try saved.document().form("//li[@data-stop='BBB']//form")
        try platformForm.fill("platform", "3")
        try platformForm.fill("gate", "B1")
        XCTAssertEqual(try admin.submit(platformForm, from: saved).status, .ok)

        let (_, late) = try board("bbb", with: visitor)
        XCTAssertEqual(late.node(departure)?.attribute("data-delay"), "18")
        XCTAssertEqual(late.text(departure + "/td[@class='board__time']"), "09:02 09:20")
        XCTAssertEqual(late.text(departure + "/td[@class='board__status']"), "晚点 18 分钟")
        XCTAssertEqual(late.text(departure + "/td[@class='board__platform']"), "3")
        XCTAssertEqual(late.text(departure + "/td[@class='board__gate']"), "B1")
        XCTAssertEqual(late.text(arrival + "/td[@class='board__time']"), "09:00 09:18")

        let english = try TestClient(application: admin.application, acceptLanguage: "en").get("/stations/BBB/board").document()
        XCTAssertEqual(english.text("//h2[@id='departures-heading']"), "Departures")
        XCTAssertEqual(english.text(departure + "/td[@class='board__status']"), "18 minutes late")
    }

    func testACancelledRunIsMarkedAndAnUnknownStationIsNotFound() throws {
        let admin = try siteAtHalfPastEightTomorrow()
        let runID = try WaitlistFixtures.runID(admin)
        let status = "//table[@data-kind='departures']//tr[@data-train='G101']/td[@class='board__status']"
        // Shown once before, in the same minute: the board kept then is not shown again.
        XCTAssertEqual(try board("BBB", with: admin).1.text(status), "正点")
        let confirmation = try admin.get("/admin/runs/\(runID)/cancel")
        _ = try admin.submit(try confirmation.document().form(action: "/admin/runs/\(runID)/cancel"), from: confirmation)
        let (_, document) = try board("BBB", with: admin)
        XCTAssertEqual(document.text(status), "停运")
        XCTAssertEqual(try admin.get("/stations/ZZZ/board").status, .notFound)
        XCTAssertEqual(try admin.get("/stations/\(String(repeating: "X", count: 300))/board").status, .notFound)
    }

    func testTheTrainPageAndTheStationsPageLinkEachStationToItsBoard() throws {
        let client = try BookingFixtures.traveller()
        let page = try client.get("/trains/G101?date=\(tomorrow)").document()
        XCTAssertEqual(page.node("//tr[@data-station='BBB']/th/a")?.attribute("href"), "/stations/BBB/board")
        let stations = try client.get("/stations").document()
        XCTAssertEqual(stations.node("//li[@data-station='BBB']//a[@data-board]")?.attribute("href"), "/stations/BBB/board")
    }
}
