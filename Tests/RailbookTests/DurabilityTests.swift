import HTMLTesting
@testable import Railbook
import Storage
import XCTest

/// Commits are flushed before they are acknowledged unless the site is told to be relaxed.
final class DurabilityTests: XCTestCase {
    private func synchronous(_ application: Application) throws -> Int? {
        try application.database.write { try $0.queryOne("PRAGMA synchronous")?.int(0) }
    }

    func testTheSiteFlushesEveryCommitByDefault() throws {
        XCTAssertEqual(try synchronous(try TestSite.makeApplication()), 2, "synchronous = FULL")
        XCTAssertEqual(try CommandLineOptions(arguments: ["serve"]).siteConfiguration.durability, .durable)
    }

    func testRelaxedDurabilityIsAChoice() throws {
        XCTAssertEqual(try synchronous(try TestSite.makeApplication { $0.durability = .relaxed }), 1, "synchronous = NORMAL")
        XCTAssertEqual(try CommandLineOptions(arguments: ["serve", "--durability", "relaxed"]).siteConfiguration.durability, .relaxed)
        XCTAssertThrowsError(try CommandLineOptions(arguments: ["serve", "--durability", "sometimes"]))
        XCTAssertTrue(CommandLineOptions.helpText.contains("--durability durable|relaxed"))
    }
}
