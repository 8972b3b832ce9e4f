import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// The last searches, offered on the home page: per browser for visitors, per user when logged in.
final class SearchHistoryTests: XCTestCase {
    private var date: CivilDate { ChinaTime.today().adding(days: 1) }

    private func recent(_ client: TestClient) throws -> [String] {
        try client.get("/").document().nodes("//section[contains(@class,'recent-searches')]//li/a").map(\.text)
    }

    func testVisitorsSearchesAreRememberedInTheBrowserAndCanBeCleared() throws {
        let client = try TimetableFixtures.client()
        XCTAssertEqual(try recent(client), [])
        _ = try client.get("/search?from=AAA&to=BBB&date=\(date)")
        _ = try client.get("/search?from=BBB&to=CCC&date=\(date)")
        _ = try client.get("/search?from=jc&to=yc&date=\(date)")
        XCTAssertEqual(try recent(client), ["甲城 → 乙城", "乙城 → 丙城"], "most recent first, repeats merged")
        XCTAssertEqual(client.cookies["searches"], "AAA-BBB-\(date.compact).BBB-CCC-\(date.compact)")
        let home = try client.get("/")
        let cleared = try client.submit(try home.document().form(action: "/search/history/clear"), from: home)
        XCTAssertEqual(cleared.target, "/")
        XCTAssertEqual(try recent(client), [])
    }

    func testAtMostTenSearchesAreKept() throws {
        let client = try TimetableFixtures.client()
        let letters = Array("ABCDEFGHIJKL")
        let stations = (1...12).map { "Q\(letters[$0 - 1])Z|站\($0)|zhan\($0)|z\($0)|城\($0)|0" }.joined(separator: "\n")
        try TimetableFixtures.load(into: client.application, stations: stations, trains: "")
        for number in 2...12 {
            _ = try client.get("/search?from=%E7%AB%991&to=%E7%AB%99\(number)&date=\(date)")
        }
        XCTAssertEqual(try recent(client).count, 10)
        XCTAssertEqual(try recent(client).first, "站1 → 站12")
    }

    func testLoggedInUsersSearchesFollowThemToAnotherBrowser() throws {
        let client = try TimetableFixtures.client()
        try AccountFixtures.register(with: client)
        _ = try client.get("/search?from=AAA&to=CCC&date=\(date)")
        XCTAssertNil(client.cookies["searches"])
        let laptop = TestClient(application: client.application)
        try AccountFixtures.logIn("li_lei", AccountFixtures.Person().password, with: laptop)
        XCTAssertEqual(try recent(laptop), ["甲城 → 丙城"])
        let home = try laptop.get("/")
        _ = try laptop.submit(try home.document().form(action: "/search/history/clear"), from: home)
        XCTAssertEqual(try recent(client), [])
    }

    private func recentLinks(_ client: TestClient, on target: String = "/") throws -> [String] {
        try client.get(target).document().nodes("//section[contains(@class,'recent-searches')]//li/a").compactMap { $0.attribute("href") }
    }

    func testRecentSearchesLinkToTheDateSearched() throws {
        let client = try TimetableFixtures.client()
        let later = ChinaTime.today().adding(days: 5)
        _ = try client.get("/search?from=AAA&to=CCC&date=\(later)")
        XCTAssertEqual(try recentLinks(client), ["/search?from=%E7%94%B2%E5%9F%8E&to=%E4%B8%99%E5%9F%8E&date=\(later)"])
        client.cookies["searches"] = "AAA-CCC-20200101.BBB-CCC"
        let today = ChinaTime.today()
        XCTAssertEqual(
            try recentLinks(client),
            [
                "/search?from=%E7%94%B2%E5%9F%8E&to=%E4%B8%99%E5%9F%8E&date=\(today)",
                "/search?from=%E4%B9%99%E5%9F%8E&to=%E4%B8%99%E5%9F%8E&date=\(today)",
            ],
            "a past date (or none) opens the first day on sale")

        try AccountFixtures.register(with: client)
        _ = try client.get("/search?from=BBB&to=CCC&date=\(later)")
        XCTAssertEqual(try recentLinks(client).first, "/search?from=%E4%B9%99%E5%9F%8E&to=%E4%B8%99%E5%9F%8E&date=\(later)")
        _ = try client.application.database.write { try $0.run("UPDATE search_history SET travel_date = '2020-01-01'") }
        XCTAssertEqual(try recentLinks(client).first, "/search?from=%E4%B9%99%E5%9F%8E&to=%E4%B8%99%E5%9F%8E&date=\(today)")
    }

    func testClearingRecentSearchesReturnsToThePageItWasOn() throws {
        let client = try TimetableFixtures.client()
        let target = "/search?from=AAA&to=CCC&date=\(date)"
        let results = try client.get(target)
        let again = try client.get(target)
        let form = try again.document().form(action: "/search/history/clear")
        XCTAssertEqual(form.value("back"), target)
        let cleared = try client.submit(form, from: again)
        XCTAssertEqual(cleared.target, target)
        XCTAssertNotNil(results)
        XCTAssertEqual(
            try client.post(
                "/search/history/clear",
                fields: [
                    ("csrf", try XCTUnwrap(form.value("csrf"))),
                    ("back", "https://evil.example/"),
                ]
            ).target, "/")
    }
}

extension CivilDate {
    /// `20261203`, as the recent-searches cookie keeps a date.
    fileprivate var compact: String { description.replacingOccurrences(of: "-", with: "") }
}
