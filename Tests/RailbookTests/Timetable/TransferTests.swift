import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// Journeys with one change on `/search`, each on a small network of its own: 甲城 (two stations)
/// to 乙城, changing in 中城 (two stations) or in single-station towns.
final class TransferTests: XCTestCase {
    /// Tomorrow: every test train is still to leave, whatever the time of day the tests run.
    private var today: CivilDate { ChinaTime.today().adding(days: 1) }

    private static let stations = """
        AAA|甲城|jiacheng|jc|甲城|1
        AAB|甲城东|jiachengdong|jcd|甲城|0
        MMM|中城|zhongcheng|zc|中城|1
        MME|中城东|zhongchengdong|zcd|中城|0
        NNN|丙城|bingcheng|bc|丙城|0
        PPP|丁城|dingcheng|dc|丁城|0
        QQQ|戊城|wucheng|wc|戊城|0
        ZZZ|乙城|yicheng|yc|乙城|1
        """

    private func client(_ trains: String, acceptLanguage: String = "zh-CN") throws -> TestClient {
        let client = try TestSite.makeClient(acceptLanguage: acceptLanguage)
        try TimetableFixtures.load(into: client.application, stations: Self.stations, trains: trains)
        return client
    }

    private func search(_ client: TestClient, _ extra: String = "", from: String = "AAA", to: String = "ZZZ") throws -> HTMLDocument {
        let response = try client.get("/search?from=\(from)&to=\(to)&date=\(today)\(extra)")
        XCTAssertEqual(response.status, .ok)
        return try response.document()
    }

    /// The trains of each itinerary, in the order shown.
    private func itineraries(_ document: HTMLDocument) -> [[String]] {
        document.nodes("//li[@class='itinerary']").map { itinerary in
            itinerary.nodes(".//li[contains(@class,'trip--leg')]").compactMap { $0.attribute("data-train") }
        }
    }

    private func directTrains(_ document: HTMLDocument) -> [String] {
        document.nodes("//ol[@class='trip-list']/li").compactMap { $0.attribute("data-train") }
    }

    func testChangeAtOneStationNeedsTwentyMinutes() throws {
        let client = try client(
            """
            G1|AAA,0,-,08:00|MMM,300,09:00,-
            G2|MMM,0,-,09:20|ZZZ,200,10:00,-
            G3|MMM,0,-,09:15|ZZZ,200,09:50,-
            """)
        let document = try search(client)
        XCTAssertEqual(directTrains(document), [])
        XCTAssertEqual(itineraries(document), [["G1", "G2"]], "15 minutes are too short, no transfers=1 needed")
        let itinerary = try XCTUnwrap(document.node("//li[@class='itinerary']"))
        XCTAssertEqual(itinerary.attribute("data-transfer"), "MMM")
        XCTAssertNil(itinerary.attribute("data-transfer-to"))
        XCTAssertEqual(itinerary.attribute("data-change-minutes"), "20")
        XCTAssertEqual(itinerary.text(".//span[@class='itinerary__wait']"), "换乘 20 分钟")
        XCTAssertNil(itinerary.node(".//span[@class='itinerary__station-change']"))
        XCTAssertEqual(itinerary.text(".//span[@class='itinerary__total']"), "全程 2小时0分")
        XCTAssertEqual(document.node("//p[@class='transfers__summary']")?.attribute("data-count"), "1")
        let second = try XCTUnwrap(itinerary.node(".//li[@data-train='G2']"))
        XCTAssertEqual(second.attribute("data-date"), today.description)
        XCTAssertEqual(second.text(".//span[@data-station='MMM']"), "中城")
        let runID = try TimetableFixtures.runID(client.application, train: "G2", date: today)
        XCTAssertEqual(
            second.node(".//li[@data-class='second']/a")?.attribute("href"),
            "/book?run=\(runID)&from=MMM&to=ZZZ&class=second")
        XCTAssertEqual(second.node(".//li[@data-class='second']")?.attribute("data-seats"), "540")
        XCTAssertNil(
            document.node("//section[@class='results']/p/a[contains(@href,'transfers=1')]"),
            "the journeys are shown, so no link to show them")
    }

    func testChangingStationInTheSameCityNeedsFortyMinutes() throws {
        let client = try client(
            """
            G1|AAA,0,-,08:00|MMM,300,09:00,-
            G4|MME,0,-,09:40|ZZZ,200,10:30,-
            G5|MME,0,-,09:35|ZZZ,200,10:20,-
            G6|MMM,0,-,09:25|ZZZ,200,10:40,-
            """, acceptLanguage: "en")
        let document = try search(client)
        XCTAssertEqual(itineraries(document), [["G1", "G4"], ["G1", "G6"]])
        let across = try XCTUnwrap(document.node("//li[@class='itinerary'][1]"))
        XCTAssertEqual(across.attribute("data-transfer"), "MMM")
        XCTAssertEqual(across.attribute("data-transfer-to"), "MME")
        XCTAssertEqual(across.attribute("data-change-minutes"), "40")
        XCTAssertEqual(across.text(".//span[@class='itinerary__wait']"), "change, 40 min")
        XCTAssertEqual(across.text(".//span[@class='itinerary__station-change']"), "changes station: 中城 → 中城东")
        XCTAssertEqual(across.text(".//span[@class='itinerary__change-at']"), "Change at 中城")
        XCTAssertEqual(document.text("//li[@class='itinerary'][2]//span[@class='itinerary__wait']"), "change, 25 min")
        XCTAssertEqual(document.text("//p[@class='transfers__summary']"), "Journeys with one change: 2")
    }

    func testRankedByArrivalThenTotalTime() throws {
        let client = try client(
            """
            G11|AAA,0,-,06:00|MMM,300,07:00,-
            G12|MMM,0,-,07:30|ZZZ,200,09:50,-
            G21|AAA,0,-,08:00|NNN,300,09:00,-
            G22|NNN,0,-,09:30|ZZZ,200,10:00,-
            G31|AAA,0,-,07:00|PPP,300,08:00,-
            G32|PPP,0,-,08:30|ZZZ,200,10:00,-
            G41|AAA,0,-,07:30|QQQ,300,08:30,-
            G42|QQQ,0,-,09:00|ZZZ,200,11:00,-
            """)
        let document = try search(client)
        XCTAssertEqual(
            itineraries(document), [["G11", "G12"], ["G21", "G22"], ["G31", "G32"], ["G41", "G42"]],
            "earliest arrival first, then the shorter journey")
        XCTAssertEqual(
            document.nodes("//li[@class='itinerary']").compactMap { $0.attribute("data-transfer") },
            ["MMM", "NNN", "PPP", "QQQ"])
    }

    func testOnlyTheBestTwentyAreShown() throws {
        let firsts = (0..<25).map { index in
            let departure = 360 + index * 10
            return "G\(100 + index)|AAA,0,-,\(ClockTime.format(departure))|MMM,300,\(ClockTime.format(departure + 60)),-"
        }
        let client = try client((firsts + ["G999|MMM,0,-,12:00|ZZZ,200,13:00,-"]).joined(separator: "\n"))
        let document = try search(client)
        let found = itineraries(document)
        XCTAssertEqual(found.count, 20)
        XCTAssertEqual(found.first, ["G124", "G999"], "all arrive together: the shortest journey first")
        XCTAssertEqual(found.last, ["G105", "G999"])
        XCTAssertEqual(document.node("//p[@class='transfers__summary']")?.attribute("data-count"), "20")
        XCTAssertEqual(document.text("//p[@class='transfers__summary']"), "共 20 个中转方案")

        let railway = client.application.railway
        let origin = try XCTUnwrap(railway.timetable.stationsByTelecode["AAA"])
        let destination = try XCTUnwrap(railway.timetable.stationsByTelecode["ZZZ"])
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for _ in 0..<10 { _ = try TransferSearch(search: railway.search).itineraries(from: origin, to: destination, on: today) }
        }
        print("transfer search, 26 trains, 20 itineraries: \(elapsed / 10) per search")
    }

    func testManyConnectionsKeepTheSameBestTwentyAsSortingThemAll() throws {
        // 30 × 30 trains through one station: far more connections than the ranking keeps at once.
        let firsts = (0..<30).map { (departure: 360 + $0 * 7, arrival: 420 + $0 * 7) }
        let seconds = (0..<30).map { (departure: 450 + $0 * 11, arrival: 500 + $0 * 11) }
        let lines =
            firsts.enumerated().map { "G\(100 + $0)|AAA,0,-,\(ClockTime.format($1.departure))|MMM,300,\(ClockTime.format($1.arrival)),-" }
            + seconds.enumerated().map { "G\(200 + $0)|MMM,0,-,\(ClockTime.format($1.departure))|ZZZ,200,\(ClockTime.format($1.arrival)),-" }
        let client = try client(lines.joined(separator: "\n"))
        var all: [(rank: (Int, Int, Int), trains: [String])] = []
        for (i, first) in firsts.enumerated() {
            for (j, second) in seconds.enumerated() where (20...720).contains(second.departure - first.arrival) {
                all.append(
                    (
                        (second.arrival, second.arrival - first.departure, first.arrival - second.departure),
                        ["G\(100 + i)", "G\(200 + j)"]
                    ))
            }
        }
        XCTAssertGreaterThan(all.count, 300)
        let expected = all.sorted { $0.rank < $1.rank }.prefix(20).map(\.trains)
        XCTAssertEqual(itineraries(try search(client)), Array(expected))
    }

    func testShownOnRequestNextToDirectTrainsAndNotFiltered() throws {
        let client = try client(
            """
            D1|AAA,0,-,07:00|ZZZ,500,11:00,-
            G1|AAA,0,-,08:00|MMM,300,09:00,-
            G2|MMM,0,-,09:30|ZZZ,200,10:00,-
            """)
        let plain = try search(client)
        XCTAssertEqual(directTrains(plain), ["D1"])
        XCTAssertEqual(itineraries(plain), [], "direct trains run: no journeys with a change unless asked")
        XCTAssertNil(plain.node("//section[@class='transfers']"))
        let link = try XCTUnwrap(plain.node("//section[@class='results']//a[contains(@href,'transfers=1')]")?.attribute("href"))

        let requested = try client.get(link)
        let document = try requested.document()
        XCTAssertEqual(directTrains(document), ["D1"])
        XCTAssertEqual(itineraries(document), [["G1", "G2"]])
        XCTAssertEqual(document.node("//li[@class='itinerary']//li[@data-train='G1']")?.attribute("data-date"), today.description)
        XCTAssertTrue(document.text("//h1[@id='results-heading']")?.contains("共 1 个车次") ?? false, "the count stays the direct count")
        XCTAssertEqual(document.node("//aside//form//input[@name='transfers']")?.attribute("value"), "1")
        XCTAssertTrue(document.node("//a[@rel='next']")?.attribute("href")?.contains("transfers=1") ?? false)

        let filtered = try search(client, "&transfers=1&type=K")
        XCTAssertEqual(directTrains(filtered), [])
        XCTAssertEqual(itineraries(filtered), [["G1", "G2"]], "filters apply to direct trains only")
    }

    func testCancelledLegsAreLeftOut() throws {
        let client = try client(
            """
            G1|AAA,0,-,08:00|MMM,300,09:00,-
            G2|MMM,0,-,09:30|ZZZ,200,10:00,-
            G3|AAA,0,-,08:30|NNN,300,09:30,-
            G4|NNN,0,-,10:00|ZZZ,200,11:00,-
            """)
        XCTAssertEqual(itineraries(try search(client)), [["G1", "G2"], ["G3", "G4"]])
        for train in ["G2", "G3"] {
            let runID = try TimetableFixtures.runID(client.application, train: train, date: today)
            _ = try client.application.database.write { try $0.run("UPDATE runs SET status = 'cancelled' WHERE id = ?", [runID]) }
        }
        client.application.railway.runs.forgetAll()
        let document = try search(client)
        XCTAssertEqual(itineraries(document), [])
        XCTAssertEqual(document.text("//section[@class='transfers']//p[@class='empty']"), "当日没有换乘一次可到达的方案。")
        XCTAssertEqual(document.node("//p[@class='transfers__summary']")?.attribute("data-count"), "0")
    }

    func testTheSecondTrainMayLeaveTheNextMorning() throws {
        let client = try client(
            """
            K1|AAA,0,-,18:00|MMM,500,21:00,-
            K2|MMM,0,-,07:00|ZZZ,400,12:00,-
            K3|MMM,0,-,09:30|ZZZ,400,11:50,-
            K5|NNN,0,-,20:00|MMM,100,23:00,23:10|ZZZ,500,02:30+1,-
            """)
        let document = try search(client)
        XCTAssertEqual(itineraries(document), [["K1", "K5"], ["K1", "K2"]], "K3 would wait 12½ hours")
        let overnight = try XCTUnwrap(document.node("//li[@class='itinerary'][1]"))
        XCTAssertEqual(overnight.node(".//li[@data-train='K5']")?.attribute("data-date"), today.description)
        XCTAssertEqual(overnight.text(".//span[@class='itinerary__wait']"), "换乘 2 小时 10 分钟")
        XCTAssertEqual(overnight.text(".//span[@class='itinerary__time'][2]"), "02:30+1")
        let morning = try XCTUnwrap(document.node("//li[@class='itinerary'][2]"))
        let tomorrow = today.adding(days: 1)
        XCTAssertEqual(morning.node(".//li[@data-train='K2']")?.attribute("data-date"), tomorrow.description)
        XCTAssertEqual(morning.text(".//span[@class='itinerary__wait']"), "换乘 10 小时 0 分钟")
        XCTAssertEqual(morning.text(".//span[@class='itinerary__total']"), "全程 18小时0分")
        let runID = try TimetableFixtures.runID(client.application, train: "K2", date: tomorrow)
        XCTAssertTrue(
            morning.node(".//li[@data-train='K2']//a[contains(@href,'/book?')]")?.attribute("href")?
                .hasPrefix("/book?run=\(runID)&") ?? false, "tomorrow's run")
    }

    func testNoItineraryRepeatsADirectTrain() throws {
        let client = try client(
            """
            G1|AAA,0,-,08:00|MMM,300,09:00,09:30|ZZZ,500,10:00,-
            G2|MMM,0,-,09:30|ZZZ,200,10:20,-
            G3|AAB,0,-,07:00|MMM,300,08:00,-
            """)
        let document = try search(client, "&transfers=1")
        XCTAssertEqual(directTrains(document), ["G1"])
        XCTAssertEqual(itineraries(document), [["G3", "G2"]], "never G1 with a change, nor a change onto G1")
        XCTAssertEqual(document.text("//li[@class='itinerary']//li[@data-train='G3']//span[@data-station='AAB']"), "甲城东")
    }

    func testAnEmptyOrUnrelatedNetworkFindsNothing() throws {
        let client = try client(
            """
            G1|AAA,0,-,08:00|MMM,300,09:00,-
            G2|NNN,0,-,09:30|ZZZ,200,10:00,-
            G3|ZZZ,0,-,11:00|MMM,200,12:00,-
            """)
        let document = try search(client)
        XCTAssertEqual(itineraries(document), [])
        XCTAssertNotNil(document.node("//section[@class='transfers']//p[@class='empty']"))
    }
}
