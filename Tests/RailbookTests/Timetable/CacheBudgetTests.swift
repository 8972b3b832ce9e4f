import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// The seat and results caches stay within the memory `--cache-mb` gives them while real searches
/// fill them, keep what was searched last, and pages stay right after their entries were evicted.
final class CacheBudgetTests: XCTestCase {
    /// Tomorrow: every demo train is still to leave, whatever the time of day the tests run.
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }
    private static let routes = [("北京", "上海"), ("上海", "北京"), ("北京", "广州"), ("广州", "北京"), ("成都", "重庆"), ("北京", "天津")]

    /// The demo network with two megabytes for caches: 1.5 MiB of seats, 512 KiB of results (half
    /// of it for pages, so that the largest page of these searches fits).
    private func smallCacheConfiguration() throws -> SiteConfiguration {
        try TestSite.configuration { configuration in
            configuration.loadsDemoData = true
            configuration.cacheMegabytes = 2
        }
    }

    private func client(_ configuration: SiteConfiguration) throws -> TestClient {
        let client = TestClient(application: try Application(configuration: configuration))
        client.cookies["welcomed"] = "1"
        return client
    }

    private func target(_ from: String, _ to: String, _ date: CivilDate) -> String {
        "/search?from=\(PercentEncoding.encode(from))&to=\(PercentEncoding.encode(to))&date=\(date.description)"
    }

    /// The runs a results page offers (its booking and waitlist links name them).
    private func runIDs(_ page: TestResponse) throws -> Set<Int64> {
        Set(
            try page.document().nodes("//li[@data-train]//a[contains(@href,'run=')]").compactMap { link in
                link.attribute("href")?.split(separator: "&").first?.split(separator: "=").last.flatMap { Int64($0) }
            })
    }

    /// The part of a results page that comes from the results cache (the date strip to the end).
    private func resultsSection(_ page: TestResponse) throws -> String {
        let text = page.text
        let start = try XCTUnwrap(text.range(of: "<nav class=\"date-strip\""), "a results page")
        let end = try XCTUnwrap(text.range(of: "</main>"))
        return String(text[start.lowerBound..<end.lowerBound])
    }

    func testSearchesKeepBothCachesWithinTheirBudgetsAndTheLatestSearchInThem() throws {
        let client = try client(try smallCacheConfiguration())
        let railway = client.application.railway
        XCTAssertEqual([railway.inventory.budget, railway.resultsCache.budget], [1_572_864, 524_288])
        var searched: [(target: String, runs: Set<Int64>, section: String)] = []
        for day in 0..<8 {
            for (from, to) in CacheBudgetTests.routes {
                let target = target(from, to, tomorrow.adding(days: day))
                _ = try client.get(target) // the second ask stores the page
                let page = try client.get(target)
                XCTAssertEqual(page.status, .ok, target)
                searched.append((target, try runIDs(page), try resultsSection(page)))
                XCTAssertLessThanOrEqual(railway.inventory.bytes, railway.inventory.budget, "seats after \(target)")
                XCTAssertLessThanOrEqual(railway.resultsCache.bytes, railway.resultsCache.budget, "results after \(target)")
            }
        }
        let touched = searched.reduce(into: Set<Int64>()) { $0.formUnion($1.runs) }
        XCTAssertGreaterThan(touched.count * 620 * 8, 2 * railway.inventory.budget, "the searches read far more seats than fit")
        XCTAssertGreaterThan(railway.inventory.bytes, railway.inventory.budget * 3 / 4, "the seat cache is full, not emptied")
        let first = searched[0], latest = searched[searched.count - 1]
        XCTAssertFalse(latest.runs.isEmpty)
        XCTAssertEqual(latest.runs.filter { !railway.inventory.remembers(runID: $0) }, [], "the latest search's seats stay")
        XCTAssertEqual(first.runs.filter(railway.inventory.remembers), [], "the first search's seats went")
        let keys = railway.resultsCache.keys
        XCTAssertTrue(keys.first?.hasSuffix("|" + latest.target) ?? false, "the latest page is the most recently used")
        XCTAssertFalse(keys.contains { $0.hasSuffix("|" + first.target) }, "the first page went")
        XCTAssertLessThan(keys.count, searched.count)
        XCTAssertGreaterThanOrEqual(railway.resultsCache.bytes, latest.section.utf8.count, "the page's bytes are counted")
    }

    func testAPageIsKeptFromItsSecondAskOn() throws {
        let client = try client(try TestSite.configuration { $0.loadsDemoData = true })
        let cache = client.application.railway.resultsCache
        let page = target("北京", "上海", tomorrow)
        let first = try client.get(page)
        XCTAssertFalse(cache.keys.contains { $0.hasSuffix("|" + page) }, "a page asked once is not kept")
        let start = cache.statistics
        let second = try client.get(page)
        XCTAssertEqual(cache.statistics.misses, start.misses + 1, "the second ask renders it again")
        XCTAssertTrue(cache.keys.contains { $0.hasSuffix("|" + page) }, "and keeps it")
        let third = try client.get(page)
        XCTAssertEqual(cache.statistics.hits, start.hits + 1, "the third ask is served from it")
        XCTAssertEqual(Set([try resultsSection(first), try resultsSection(second), try resultsSection(third)]).count, 1)

        let english = TestClient(application: client.application, acceptLanguage: "en")
        english.cookies["welcomed"] = "1"
        _ = try english.get(page)
        XCTAssertEqual(cache.keys.filter { $0.hasSuffix("|" + page) }.count, 1, "the English page is asked for the first time")
        _ = try client.get(page + "&sort=price")
        XCTAssertEqual(cache.keys.count, 1, "and so is another sort")
    }

    func testAPageServedAfterItsEntriesWereEvictedEqualsAFreshRender() throws {
        let configuration = try smallCacheConfiguration()
        let client = try client(configuration)
        let railway = client.application.railway
        let first = target("北京", "上海", tomorrow)
        _ = try client.get(first)
        let before = try client.get(first)
        XCTAssertTrue(railway.resultsCache.keys.contains { $0.hasSuffix("|" + first) }, "asked twice, the page was kept")
        let runs = try runIDs(before)
        for day in 1..<6 {
            for (from, to) in CacheBudgetTests.routes {
                for _ in 0..<2 { _ = try client.get(target(from, to, tomorrow.adding(days: day))) }
            }
        }
        XCTAssertEqual(runs.filter(railway.inventory.remembers), [], "the first search's seats were evicted")
        XCTAssertFalse(railway.resultsCache.keys.contains { $0.hasSuffix("|" + first) }, "and so was its page")
        XCTAssertEqual(try resultsSection(try client.get(first)), try resultsSection(before))

        let link = try XCTUnwrap(before.document().node("(//li[@data-class='second']/a[contains(@href,'run=')])[1]")?.attribute("href"))
        let runID = try XCTUnwrap(link.split(separator: "&").first?.split(separator: "=").last.flatMap { Int64($0) })
        for day in 1..<6 { _ = try client.get(target("广州", "北京", tomorrow.adding(days: day))) }
        try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: .second, from: 0, to: 63)
        let afterSale = try client.get(first)
        XCTAssertEqual(try afterSale.document().node("//li[@data-class='second'][a[contains(@href,'run=\(runID)&')]]")?.attribute("data-seats"), "0")
        let fresh = try self.client(configuration) // a second server on the same database, nothing cached
        defer { fresh.application.shutdown() }
        XCTAssertEqual(try resultsSection(afterSale), try resultsSection(try fresh.get(first)))
    }

    func testForgettingARunOrEveryRunGivesBackTheirBytes() throws {
        let client = try TimetableFixtures.client()
        let inventory = client.application.railway.inventory
        let g101 = try TimetableFixtures.runID(client.application, train: "G101", date: tomorrow)
        let d301 = try TimetableFixtures.runID(client.application, train: "D301", date: tomorrow)
        XCTAssertEqual(inventory.bytes, 0)
        XCTAssertEqual(try inventory.freeSeats(runID: g101, seatClass: .second, segment: try SegmentMask(from: 0, to: 2)), 540)
        let one = inventory.bytes
        XCTAssertGreaterThanOrEqual(one, 620 * 8, "at least the occupancy of G101's 620 seats")
        XCTAssertLessThan(one, 2 * 620 * 8, "and not much more")
        XCTAssertEqual(try inventory.freeSeats(runID: g101, seatClass: .first, segment: try SegmentMask(from: 0, to: 1)), 56)
        XCTAssertGreaterThan(inventory.bytes, one, "a new count is counted")
        _ = try inventory.freeSeats(runID: d301, seatClass: .second, segment: try SegmentMask(from: 0, to: 1))
        XCTAssertTrue(inventory.remembers(runID: g101) && inventory.remembers(runID: d301))
        let both = inventory.bytes
        inventory.forget(runID: g101)
        XCTAssertFalse(inventory.remembers(runID: g101))
        XCTAssertTrue(inventory.remembers(runID: d301))
        XCTAssertLessThan(inventory.bytes, both - 620 * 8)
        inventory.forgetAll()
        XCTAssertFalse(inventory.remembers(runID: d301))
        XCTAssertEqual(inventory.bytes, 0)
    }
}
