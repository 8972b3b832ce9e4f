import HTMLTesting
import Storage
import XCTest

@testable import Railbook

/// Commits are flushed before they are acknowledged unless the site is told to be relaxed.
final class DurabilityTests: XCTestCase {
    /// SQLite's `synchronous` (2 FULL, 1 NORMAL), or PostgreSQL's `synchronous_commit` (on, off).
    private func synchronous(_ application: Application) throws -> String? {
        try application.database.write { db in
            switch db.dialect {
            case .sqlite: try db.queryOne("PRAGMA synchronous").map { String(try $0.int(0)) }
            case .postgresql: try db.queryOne("SHOW synchronous_commit")?.string(0)
            }
        }
    }

    private var flushed: String { TestDatabase.dialect == .sqlite ? "2" : "on" }
    private var relaxed: String { TestDatabase.dialect == .sqlite ? "1" : "off" }

    func testTheSiteFlushesEveryCommitByDefault() throws {
        XCTAssertEqual(try synchronous(try TestSite.makeApplication()), flushed, "synchronous = FULL, synchronous_commit = on")
        XCTAssertEqual(try CommandLineOptions(arguments: ["serve"]).siteConfiguration.durability, .durable)
    }

    func testRelaxedDurabilityIsAChoice() throws {
        XCTAssertEqual(
            try synchronous(try TestSite.makeApplication { $0.durability = .relaxed }), relaxed,
            "synchronous = NORMAL, synchronous_commit = off")
        XCTAssertEqual(try CommandLineOptions(arguments: ["serve", "--durability", "relaxed"]).siteConfiguration.durability, .relaxed)
        XCTAssertThrowsError(try CommandLineOptions(arguments: ["serve", "--durability", "sometimes"]))
        XCTAssertTrue(CommandLineOptions.helpText.contains("--durability durable|relaxed"))
    }
}
