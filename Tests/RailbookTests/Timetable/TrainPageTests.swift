import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

final class TrainPageTests: XCTestCase {
    private var client: TestClient!
    private var today: CivilDate { ChinaTime.today() }

    override func setUpWithError() throws {
        client = try TimetableFixtures.client()
    }

    private func train(_ number: String, _ query: String = "") throws -> TestResponse {
        try client.get("/trains/\(number)\(query.isEmpty ? "" : "?" + query)")
    }

    private func stations(_ document: HTMLDocument) -> [String] {
        document.nodes("//table[@class='stops']//tr[@data-station]").compactMap { $0.attribute("data-station") }
    }

    private func setRun(_ number: String, on date: CivilDate, _ assignment: String) throws {
        let runID = try TimetableFixtures.runID(client.application, train: number, date: date)
        _ = try client.application.database.write { try $0.run("UPDATE runs SET \(assignment) WHERE id = ?", [runID]) }
        client.application.railway.runs.forgetAll()
    }

    func testStopsShowTimesDwellAndDistance() throws {
        let page = try train("G101", "date=\(today)")
        XCTAssertEqual(page.status, .ok)
        let document = try page.document()
        XCTAssertEqual(document.text("//h1"), "G101 高铁（G）")
        XCTAssertEqual(document.text("//p[@class='lead']"), "甲城 → 丙城")
        XCTAssertEqual(stations(document), ["AAA", "BBB", "CCC"])
        XCTAssertEqual(document.count("//tr[@data-train='G101'][@data-date='\(today)']"), 3)
        let middle = "//tr[@data-station='BBB']"
        XCTAssertEqual(document.text(middle + "/th"), "乙城")
        XCTAssertEqual(document.text(middle + "/td[@class='stop__arrives']"), "09:00")
        XCTAssertEqual(document.text(middle + "/td[@class='stop__departs']"), "09:02")
        XCTAssertEqual(document.text(middle + "/td[@class='stop__dwell']"), "2分钟")
        XCTAssertEqual(document.text(middle + "/td[@class='stop__distance']"), "300公里")
        XCTAssertEqual(document.text("//tr[@data-station='AAA']/td[@class='stop__arrives']"), "始发")
        XCTAssertEqual(document.text("//tr[@data-station='CCC']/td[@class='stop__departs']"), "终到")
        XCTAssertEqual(document.text("//tr[@data-station='CCC']/td[@class='stop__distance']"), "600公里")
        XCTAssertEqual(document.node("//*[@data-status]")?.attribute("data-status"), "scheduled")
        XCTAssertNil(document.node("//*[@data-delay]"))
        XCTAssertEqual(document.count("//tr[contains(@class,'stop--')]"), 0, "nothing highlighted without from/to")
    }

    func testOvernightTrainMarksTimesOnTheNextDay() throws {
        let document = try train("K201", "date=\(today)").document()
        XCTAssertEqual(document.text("//tr[@data-station='BBB']/td[@class='stop__arrives']"), "02:00+1")
        XCTAssertEqual(document.text("//tr[@data-station='BBB']/td[@class='stop__departs']"), "02:10+1")
        XCTAssertEqual(document.text("//tr[@data-station='BBB']/td[@class='stop__dwell']"), "10分钟")
        XCTAssertEqual(document.text("//tr[@data-station='DDD']/td[@class='stop__arrives']"), "07:00+1")
        XCTAssertEqual(document.text("//tr[@data-station='AAA']/td[@class='stop__departs']"), "22:00")
        XCTAssertEqual(document.node("//tr[@data-station='AAA']")?.attribute("data-date"), today.description)
        XCTAssertEqual(
            document.node("//tr[@data-station='BBB']")?.attribute("data-date"), today.adding(days: 1).description,
            "a stop's date is the day the train is there")
        XCTAssertEqual(document.node("//article")?.attribute("data-date"), today.description, "the run's service date")
        XCTAssertEqual(document.text("//p[@class='train-stretch']/span[@data-station='DDD']"), "07:00+1")
    }

    func testOvernightTrainInEnglish() throws {
        let english = try TimetableFixtures.client(acceptLanguage: "en")
        let document = try english.get("/trains/K201?date=\(today)").document()
        XCTAssertEqual(document.text("//tr[@data-station='BBB']/td[@class='stop__dwell']"), "10 min")
        XCTAssertEqual(document.text("//tr[@data-station='DDD']/td[@class='stop__distance']"), "700 km")
        XCTAssertEqual(document.text("//tr[@data-station='DDD']/td[@class='stop__departs']"), "Ends")
        XCTAssertEqual(document.text("//title"), "Train K201 · Railbook")
    }

    func testPricesAndSeatsAreForTheChosenStretch() throws {
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: today)
        try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: .second, from: 0, to: 1)
        let onward = try train("G101", "date=\(today)&from=BBB&to=CCC").document()
        XCTAssertEqual(onward.count("//li[@data-class]"), 3)
        let second = try XCTUnwrap(onward.node("//li[@data-class='second']"))
        XCTAssertEqual(second.attribute("data-seats"), "540")
        XCTAssertEqual(onward.text("//li[@data-class='second']/span[@class='class-list__price']"), "¥138")
        XCTAssertEqual(onward.text("//li[@data-class='first']/span[@class='class-list__price']"), "¥222")
        XCTAssertEqual(
            onward.node("//li[@data-class='second']/a")?.attribute("href"),
            "/book?run=\(runID)&from=BBB&to=CCC&class=second")
        XCTAssertTrue(onward.node("//tr[@data-station='BBB']")?.attribute("class")?.contains("stop--from") ?? false)
        XCTAssertTrue(onward.node("//tr[@data-station='CCC']")?.attribute("class")?.contains("stop--to") ?? false)
        XCTAssertTrue(onward.node("//tr[@data-station='AAA']")?.attribute("class")?.contains("stop--outside") ?? false)
        XCTAssertEqual(onward.text("//tr[@data-station='BBB']/th/span[@class='badge']"), "上车")

        let whole = try train("G101", "date=\(today)").document()
        XCTAssertEqual(whole.node("//li[@data-class='second']")?.attribute("data-seats"), "0", "the whole route crosses the sold segment")
        XCTAssertEqual(whole.text("//li[@data-class='second']/span[@class='class-list__price']"), "¥276")
        XCTAssertEqual(whole.node("//li[@data-class='first']")?.attribute("data-seats"), "56", "other classes are untouched")
        let first = try train("G101", "date=\(today)&from=AAA&to=BBB").document()
        XCTAssertEqual(first.node("//li[@data-class='second']")?.attribute("data-seats"), "0")
        XCTAssertEqual(first.text("//li[@data-class='second']//strong"), "无")
        XCTAssertEqual(
            first.node("//li[@data-class='second']/a")?.attribute("href"),
            "/waitlist/new?run=\(runID)&from=AAA&to=BBB&class=second")
    }

    func testStationsCanBeNamedByNameOrCity() throws {
        let page = try train("G103", "date=\(today)&from=\(PercentEncoding.encode("甲城"))&to=\(PercentEncoding.encode("乙城"))")
        XCTAssertEqual(page.status, .ok)
        let document = try page.document()
        XCTAssertTrue(
            document.node("//tr[@data-station='AAB']")?.attribute("class")?.contains("stop--from") ?? false,
            "甲城 is served by 甲城东 on G103")
    }

    func testCancelledRunIsShownAsCancelled() throws {
        try setRun("G101", on: today, "status = 'cancelled'")
        let page = try train("G101", "date=\(today)")
        XCTAssertEqual(page.status, .ok)
        let document = try page.document()
        XCTAssertEqual(document.node("//*[@data-status]")?.attribute("data-status"), "cancelled")
        XCTAssertEqual(document.text("//*[@data-status]/strong"), "停运")
        XCTAssertTrue(document.text("//p[contains(@class,'train-cancelled')]")?.contains("停运") ?? false)
        XCTAssertEqual(document.nodes("//li[@data-class]").map { $0.attribute("data-seats") }, ["0", "0", "0"])
        XCTAssertEqual(document.count("//li[@data-class]/a"), 0, "nothing to book or wait for")
        XCTAssertEqual(stations(document), ["AAA", "BBB", "CCC"])
    }

    func testDelayIsAnnounced() throws {
        try setRun("G101", on: today, "delay_minutes = 15")
        let document = try train("G101", "date=\(today)").document()
        XCTAssertEqual(document.node("//p[@data-delay]")?.attribute("data-delay"), "15")
        XCTAssertTrue(document.text("//p[@data-delay]")?.contains("15") ?? false)
    }

    func testUnknownTrainIsNotFound() throws {
        let page = try train("G999", "date=\(today)")
        XCTAssertEqual(page.status, .notFound)
        XCTAssertTrue(try page.document().text("//main")?.contains("G999") ?? false)
        XCTAssertEqual(try train("X1").status, .notFound)
        XCTAssertEqual(try train("g101").status, .ok, "numbers are read without regard to case")
    }

    func testWithoutADateTodaysOrTheNextRunIsShown() throws {
        XCTAssertEqual(try train("G101").document().node("//article")?.attribute("data-date"), today.description)
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: today)
        _ = try client.application.database.write { try $0.run("DELETE FROM runs WHERE id = ?", [runID]) }
        client.application.railway.runs.forgetAll()
        let document = try train("G101").document()
        XCTAssertEqual(document.node("//article")?.attribute("data-date"), today.adding(days: 1).description)
        XCTAssertEqual(document.count("//nav[@class='run-dates-nav']//a[@data-date]"), 14)
        XCTAssertEqual(
            document.node("//nav[@class='run-dates-nav']//a[@aria-current='date']")?.attribute("data-date"),
            today.adding(days: 1).description)
    }

    func testATrainWithoutRunsStillShowsItsTimetable() throws {
        _ = try client.application.database.write { db in
            try db.run("DELETE FROM runs WHERE train_id = (SELECT id FROM trains WHERE number = 'D301')")
        }
        client.application.railway.runs.forgetAll()
        let page = try train("D301")
        XCTAssertEqual(page.status, .ok)
        let document = try page.document()
        XCTAssertEqual(document.text("//p[@class='form-notice']"), "D301 次目前没有在售的开行日期。")
        XCTAssertEqual(stations(document), ["BBB", "CCC"])
        XCTAssertNil(document.node("//article/@data-date"))
        XCTAssertNil(document.node("//li[@data-class]"))
        let dated = try train("D301", "date=\(today)")
        XCTAssertEqual(dated.status, .unprocessableContent)
        XCTAssertTrue(try dated.document().text("//div[@role='alert']")?.contains("没有在售的开行日期") ?? false)
    }

    func testMalformedOrRunlessDatesListTheDatesWithRuns() throws {
        for (date, message) in [
            ("2026-13-45", "“2026-13-45”不是有效日期"), ("tomorrow", "“tomorrow”不是有效日期"),
            (today.adding(days: 100).description, "G101 次在 \(today.adding(days: 100)) 不开行"),
        ] {
            let page = try train("G101", "date=\(date)&from=BBB")
            XCTAssertEqual(page.status, .unprocessableContent, date)
            let document = try page.document()
            XCTAssertTrue(document.text("//div[@role='alert']")?.contains(message) ?? false, document.text("//div[@role='alert']") ?? "")
            let links = document.nodes("//div[@role='alert']//a[@data-date]")
            XCTAssertEqual(links.count, 15, date)
            XCTAssertEqual(links.first?.attribute("href"), "/trains/G101?date=\(today)&from=BBB")
            XCTAssertEqual(stations(document), ["AAA", "BBB", "CCC"], "the timetable is still shown")
            XCTAssertNil(document.node("//li[@data-class]"), "no seats without a run")
        }
        let runDate = try client.get("/trains/G101?date=\(today.adding(days: 2))&from=BBB")
        XCTAssertEqual(try runDate.document().node("//article")?.attribute("data-date"), today.adding(days: 2).description)
    }

    func testUnknownMissingOrMisorderedStationsAreExplained() throws {
        let cases = [
            ("from=ZZZ", "找不到名为“ZZZ”的车站"), ("to=DDD", "G101 次不停靠丁城"),
            ("from=CCC&to=AAA", "G101 次无法从丙城到甲城"), ("from=CCC", "G101 次无法从丙城到丙城"),
        ]
        for (query, message) in cases {
            let page = try train("G101", "date=\(today)&" + query)
            XCTAssertEqual(page.status, .unprocessableContent, query)
            let document = try page.document()
            let alert = document.text("//div[@role='alert']") ?? ""
            XCTAssertTrue(alert.contains(message), "\(query): \(alert)")
            XCTAssertEqual(stations(document), ["AAA", "BBB", "CCC"], query)
            XCTAssertEqual(document.text("//li[@data-class='second']/span[@class='class-list__price']"), "¥276", "whole route: \(query)")
            XCTAssertEqual(document.count("//tr[contains(@class,'stop--from') or contains(@class,'stop--to')]"), 0, query)
            XCTAssertEqual(document.count("//div[@role='alert']//a[@data-date]"), 0, "the date was fine: \(query)")
            XCTAssertEqual(document.count("//nav[@class='run-dates-nav']//a[@aria-current='date']"), 1, query)
        }
        let half = try train("G101", "date=\(today)&from=ZZZ&to=BBB").document()
        XCTAssertTrue(
            half.node("//tr[@data-station='BBB']")?.attribute("class")?.contains("stop--to") ?? false,
            "the valid end is still used")
        XCTAssertEqual(half.text("//li[@data-class='second']/span[@class='class-list__price']"), "¥138")
    }

    func testTheResultsPageLinksToTheRunWithTheStretchHighlighted() throws {
        let tomorrow = today.adding(days: 1)
        let results = try client.get("/search?from=BBB&to=DDD&date=\(tomorrow)").document()
        let href = try XCTUnwrap(results.node("//li[@data-train='K201']//p[@class='trip__train']/a")?.attribute("href"))
        let document = try client.get(href).document()
        XCTAssertEqual(document.node("//article")?.attribute("data-date"), today.description)
        XCTAssertTrue(document.node("//tr[@data-station='BBB']")?.attribute("class")?.contains("stop--from") ?? false)
        XCTAssertTrue(document.node("//tr[@data-station='DDD']")?.attribute("class")?.contains("stop--to") ?? false)
        XCTAssertEqual(document.node("//p[@class='train-stretch']")?.attribute("data-date"), tomorrow.description)
        XCTAssertEqual(
            document.text("//li[@data-class='hard_sleeper']/span[@class='class-list__price']"),
            results.text("//li[@data-train='K201']//li[@data-class='hard_sleeper']/span[@class='trip__price']"))
    }
}
