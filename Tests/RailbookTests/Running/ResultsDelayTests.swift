import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// Search results say how late each train is expected to leave the traveller's boarding station as
/// the running reports stand: tomorrow's G101 runs 甲城 08:00 → 乙城 09:00/09:02 → 丙城 10:00 and
/// makes up 2 minutes a stop. The clock is stopped, so every search of an address after its second
/// ask is one the results cache could answer: a report must make it say the new delay.
final class ResultsDelayTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    private func search(_ from: String, _ to: String, with client: TestClient) throws -> HTMLDocument {
        try client.get("/search?from=\(PercentEncoding.encode(from))&to=\(PercentEncoding.encode(to))&date=\(tomorrow)").document()
    }

    private func delay(_ document: HTMLDocument) -> String? {
        document.node("//li[@data-train='G101']//p[@class='trip__delay']")?.attribute("data-delay")
    }

    private func report(_ fields: [(String, String)], at code: String, with admin: TestClient) throws {
        let runPage = try admin.get("/admin/runs?train=G101&date=\(tomorrow)")
        let page = try admin.get(try XCTUnwrap(try runPage.document().node("//a[@data-running]")?.attribute("href")))
        var form = try page.document().form("//li[@data-stop='\(code)']//form")
        for (name, value) in fields { try form.fill(name, value) }
        XCTAssertEqual(try admin.submit(form, from: page).status, .ok)
    }

    func testResultsShowTheDelayExpectedAtTheBoardingStationAsReportsComeIn() throws {
        let admin = try ShopOrderFixtures.admin(of: try BookingFixtures.traveller())
        admin.application.stopClock()
        let traveller = TestClient(application: admin.application)
        for _ in 1...2 {
            XCTAssertNil(delay(try search("甲城", "丙城", with: traveller)), "on time: no delay said")
            XCTAssertNil(delay(try search("乙城", "丙城", with: traveller)))
        }

        try report([("departure", "08:30"), ("departure_kind", "actual")], at: "AAA", with: admin)
        let fromStart = try search("甲城", "丙城", with: traveller)
        XCTAssertEqual(delay(fromStart), "30")
        XCTAssertEqual(fromStart.text("//li[@data-train='G101']//p[@class='trip__delay']"), "晚点 30 分钟")
        XCTAssertEqual(delay(try search("乙城", "丙城", with: traveller)), "28", "leaving 乙城 at 09:30: 2 minutes made up")
        let english = TestClient(application: admin.application, acceptLanguage: "en")
        XCTAssertEqual(
            try search("乙城", "丙城", with: english).text("//li[@data-train='G101']//p[@class='trip__delay']"),
            "Delayed by 28 min")

        // A later report at 乙城: arrived 09:10, so it leaves at 09:12.
        try report([("arrival", "09:10"), ("arrival_kind", "actual")], at: "BBB", with: admin)
        XCTAssertEqual(delay(try search("乙城", "丙城", with: traveller)), "10")
        XCTAssertEqual(delay(try search("甲城", "丙城", with: traveller)), "30", "it left 甲城 30 minutes late all the same")

        // It left 乙城 at 09:15 after all.
        try report([("departure", "09:15"), ("departure_kind", "actual")], at: "BBB", with: admin)
        XCTAssertEqual(delay(try search("乙城", "丙城", with: traveller)), "13")
    }
}
