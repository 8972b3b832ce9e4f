import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// Stations have English names (Beijing South, Xi'an North): English pages show them, and every
/// station field takes them in either language, without regard to case, spaces or apostrophes.
final class EnglishStationNamesTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    /// A client on the demo network, in English.
    private func client() throws -> TestClient {
        let client = try TestSite.makeClient(acceptLanguage: "en")
        XCTAssertTrue(try DemoNetwork.loadIfEmpty(into: client.application.database))
        try client.application.railway.reloadTimetable()
        try client.application.railway.ensureRuns(today: client.application.clock.today())
        return client
    }

    func testEnglishNamesAreTypedAndShown() throws {
        let client = try client()
        for (from, to) in [
            ("Beijing South", "Shanghai Hongqiao"), ("beijing south", "SHANGHAI HONGQIAO"), ("BeijingSouth", "shanghaihongqiao"),
            ("北京南", "上海虹桥"), ("VNP", "AOH"),
        ] {
            let results = try client.get("/search?from=\(PercentEncoding.encode(from))&to=\(PercentEncoding.encode(to))&date=\(tomorrow)")
            XCTAssertEqual(results.status, .ok, "\(from) → \(to)")
            let document = try results.document()
            XCTAssertNotNil(document.node("//li[@data-train='G1']"), "\(from) → \(to)")
            XCTAssertEqual(document.node("//input[@name='from']")?.attribute("value"), "Beijing South")
            XCTAssertEqual(document.node("//input[@name='to']")?.attribute("value"), "Shanghai Hongqiao")
            XCTAssertTrue(
                document.text("//h1[@id='results-heading']")?.contains("Beijing South → Shanghai Hongqiao") ?? false,
                "the stations most trains use are named once, above the list")
        }
        for typed in ["xian north", "Xi'an North", "XIAN NORTH", "xi’an north"] {
            let home = try client.get("/?from=" + PercentEncoding.encode(typed)).document()
            XCTAssertEqual(home.node("//input[@name='from']")?.attribute("value"), "Xi'an North", typed)
        }
        XCTAssertEqual(
            try client.get("/?from=" + PercentEncoding.encode("junliangcheng north")).document()
                .node("//input[@name='from']")?.attribute("value"), "Junliangcheng North")
        XCTAssertTrue(try client.get("/stations").document().node("//li[@data-station='FTP']")?.text.contains("Beijing Fengtai") ?? false)
        let train = try client.get("/trains/G1?date=\(tomorrow)").document()
        XCTAssertTrue(train.text("//tr[@data-station='AOH']/th")?.hasPrefix("Shanghai Hongqiao") ?? false)
        XCTAssertEqual(
            try client.get("/calendar?from=VNP&to=AOH").document().text("//p[@class='calendar-trip']"),
            "Day links search Beijing South → Shanghai Hongqiao.")
        let chinese = try TestClient(application: client.application, acceptLanguage: "zh-CN").get("/trains/G1?date=\(tomorrow)").document()
        XCTAssertTrue(chinese.text("//tr[@data-station='AOH']/th")?.hasPrefix("上海虹桥") ?? false, "Chinese pages keep the Chinese names")
    }

    func testABookingShowsEnglishNamesOnItsPages() throws {
        let client = try client()
        try AccountFixtures.register(with: client)
        let results = try client.get("/search?from=Beijing%20South&to=Shanghai%20Hongqiao&date=\(tomorrow)")
        let link = try XCTUnwrap(try results.document().node("//li[@data-train='G1']//li[@data-class='second']/a")?.attribute("href"))
        let book = try client.get(link)
        XCTAssertTrue(try book.document().node("//div[@class='book-trip']")?.text.contains("Beijing South → Shanghai Hongqiao") ?? false)
        let order = try BookingFixtures.book(book, with: client)
        XCTAssertTrue(try order.document().node("//li[@data-ticket]")?.text.contains("Beijing South") ?? false)
        let provider = try PaymentFixtures.openProvider(order, with: client)
        XCTAssertTrue(try provider.document().text("//dd[@data-item]")?.contains("Beijing South → Shanghai Hongqiao") ?? false)
        let paid = try PaymentFixtures.press("confirm", on: provider, with: client)
        let ticketID = try XCTUnwrap(try paid.document().node("//li[@data-ticket]")?.attribute("data-ticket"))
        XCTAssertTrue(try client.get("/tickets/\(ticketID)").document().node("//article[@data-ticket]")?.text.contains("Shanghai Hongqiao") ?? false)
        XCTAssertTrue(try client.get("/orders?tab=upcoming").document().node("//li[@data-order]")?.text.contains("Beijing South") ?? false)
    }

    func testTheAdministratorEntersTheEnglishName() throws {
        let client = try client()
        let admin = try AdminFixtures.admin(on: client)
        let page = try admin.get("/admin/stations/new")
        var form = try page.document().form(action: "/admin/stations")
        try form.fill("name", "雄安")
        try form.fill("english_name", "Xiong'an")
        try form.fill("pinyin", "xiongan")
        try form.fill("initials", "xa")
        try form.fill("telecode", "IQP")
        try form.fill("city", "雄安")
        let saved = try admin.submit(form, from: page)
        XCTAssertEqual(saved.status, .ok)
        XCTAssertTrue(try saved.document().node("//tr[@data-station='IQP']")?.text.contains("Xiong'an") ?? false)
        XCTAssertEqual(try client.get("/?from=xiongan").document().node("//input[@name='from']")?.attribute("value"), "Xiong'an")
        var bad = try page.document().form(action: "/admin/stations")
        for (field, value) in [
            ("name", "雄安东"), ("english_name", "雄安East"), ("pinyin", "xiongandong"), ("initials", "xad"),
            ("telecode", "IQQ"), ("city", "雄安"),
        ] { try bad.fill(field, value) }
        let refused = try admin.submit(bad, from: page)
        XCTAssertEqual(refused.status, .unprocessableContent)
        XCTAssertEqual(try refused.document().node("//input[@name='english_name']")?.attribute("value"), "雄安East")
    }

    func testEveryDemoStationHasAnEnglishName() throws {
        let client = try client()
        let names = try client.application.database.read { db in
            try db.query("SELECT name, english_name FROM stations").map { (try $0.string("name"), try $0.string("english_name")) }
        }
        XCTAssertEqual(names.count, client.application.railway.timetable.stations.count)
        for (name, english) in names {
            XCTAssertNotNil(english.wholeMatch(of: /[A-Z][a-z']*( [A-Z][a-z']*)*/), "\(name): \(english)")
        }
    }
}
