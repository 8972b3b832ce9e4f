import Railbook
import XCTest

final class CommandLineTests: XCTestCase {
    func testServeOptionsAreParsed() throws {
        let options = try CommandLineOptions(arguments: ["serve", "--host", "0.0.0.0", "--port", "9000", "--database", "/tmp/r.sqlite",
                                                         "--root", "/srv/railbook", "--secure-cookies"])
        XCTAssertEqual(options.action, .serve)
        let configuration = options.siteConfiguration
        XCTAssertEqual(configuration.host, "0.0.0.0")
        XCTAssertEqual(configuration.port, 9000)
        XCTAssertEqual(configuration.databaseLocation, "/tmp/r.sqlite")
        XCTAssertEqual(configuration.templatesDirectory, "/srv/railbook/Templates")
        XCTAssertTrue(configuration.usesSecureCookies)
    }

    func testTheDatabaseIsAFileOrAPostgreSQLURIAndMessagesNeverShowItsPassword() throws {
        let options = try CommandLineOptions(arguments: ["serve", "--database", "postgresql:///railbook?host=/run/postgresql&user=railbook",
                                                         "--database-connections", "24"])
        XCTAssertEqual(DatabaseLocation(options.databaseLocation), .postgreSQL(uri: "postgresql:///railbook?host=/run/postgresql&user=railbook"))
        XCTAssertEqual(options.siteConfiguration.databaseConnections, 24)
        XCTAssertEqual(DatabaseLocation("POSTGRES://db.example/railbook"), .postgreSQL(uri: "POSTGRES://db.example/railbook"))
        XCTAssertEqual(DatabaseLocation("data/railbook.sqlite"), .sqliteFile("data/railbook.sqlite"))
        XCTAssertEqual(DatabaseLocation("postgresql://railbook:s3cret@db.example:5432/railbook").displayName,
                       "postgresql://railbook@db.example:5432/railbook")
        XCTAssertEqual(DatabaseLocation("postgresql:///railbook?user=railbook&password=s3cret&host=/tmp").displayName,
                       "postgresql:///railbook?user=railbook&password=…&host=/tmp")
        XCTAssertThrowsError(try CommandLineOptions(arguments: ["serve", "--database-connections", "0"]))
    }

    func testDefaults() throws {
        let options = try CommandLineOptions(arguments: ["serve"])
        XCTAssertEqual(options.port, 8080)
        XCTAssertEqual(options.host, "127.0.0.1")
        XCTAssertEqual(options.databaseLocation, "railbook.sqlite")
        XCTAssertEqual(options.root, ".")
        XCTAssertEqual(try CommandLineOptions(arguments: []).action, .help)
        XCTAssertEqual(try CommandLineOptions(arguments: ["migrate", "--help"]).action, .help)
    }

    func testDeadlineSettings() throws {
        let options = try CommandLineOptions(arguments: ["serve", "--hold-minutes", "1", "--accept-minutes", "2", "--job-seconds", "3"])
        XCTAssertEqual(options.siteConfiguration.deadlines.holdSeconds, 60)
        XCTAssertEqual(options.siteConfiguration.deadlines.acceptSeconds, 120)
        XCTAssertEqual(options.siteConfiguration.deadlines.jobSeconds, 3)
        let defaults = try CommandLineOptions(arguments: ["serve"]).siteConfiguration.deadlines
        XCTAssertEqual([defaults.holdSeconds, defaults.acceptSeconds, defaults.jobSeconds], [1800, 600, 15])
    }

    func testBadOptionsGiveOneLineErrors() {
        for arguments in [["serve", "--port", "eighty"], ["serve", "--port", "70000"], ["serve", "--colour"], ["launch"],
                          ["serve", "--database"], ["migrate", "--secure-cookies"], ["serve", "--hold-minutes", "0"],
                          ["serve", "--hold-minutes", "half"], ["serve", "--accept-minutes", "-1"], ["serve", "--job-seconds", "0"],
                          ["migrate", "--hold-minutes", "5"]] {
            XCTAssertThrowsError(try CommandLineOptions(arguments: arguments), "\(arguments)") { error in
                XCTAssertFalse("\(error)".contains("\n"))
                XCTAssertFalse("\(error)".isEmpty)
            }
        }
    }

    func testHelpExplainsEveryOption() {
        for option in ["serve", "migrate", "--host", "--port", "--database", "--root", "--secure-cookies", "--quiet",
                       "--hold-minutes", "--accept-minutes", "--job-seconds"] {
            XCTAssertTrue(CommandLineOptions.helpText.contains(option), option)
        }
    }

    func testTheCacheBudgetIsSetInMegabytesAndChecked() throws {
        XCTAssertEqual(try CommandLineOptions(arguments: ["serve", "--cache-mb", "64"]).siteConfiguration.cacheMegabytes, 64)
        XCTAssertEqual(try CommandLineOptions(arguments: ["serve"]).siteConfiguration.cacheMegabytes, SiteConfiguration().cacheMegabytes)
        XCTAssertTrue(CommandLineOptions.helpText.contains("--cache-mb"))
        for arguments in [["serve", "--cache-mb", "-1"], ["serve", "--cache-mb", "lots"], ["serve", "--cache-mb", "2000000"],
                          ["serve", "--cache-mb"], ["migrate", "--cache-mb", "64"]] {
            XCTAssertThrowsError(try CommandLineOptions(arguments: arguments), "\(arguments)") { error in
                XCTAssertFalse("\(error)".contains("\n"))
            }
        }
    }

    func testTheCommandExitsNonZeroOnABadOption() {
        XCTAssertEqual(RailbookCommand.run(arguments: ["serve", "--bogus"]), 2)
        XCTAssertEqual(RailbookCommand.run(arguments: ["--help"]), 0)
    }
}
