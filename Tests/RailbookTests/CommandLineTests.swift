import HTMLTesting
import XCTest

@testable import Railbook

final class CommandLineTests: XCTestCase {
    func testServeOptionsAreParsed() throws {
        let options = try CommandLineOptions(arguments: [
            "serve", "--host", "0.0.0.0", "--port", "9000", "--database", "/tmp/r.sqlite",
            "--root", "/srv/railbook", "--secure-cookies",
        ])
        XCTAssertEqual(options.action, .serve)
        let configuration = options.siteConfiguration
        XCTAssertEqual(configuration.host, "0.0.0.0")
        XCTAssertEqual(configuration.port, 9000)
        XCTAssertEqual(configuration.databaseLocation, "/tmp/r.sqlite")
        XCTAssertEqual(configuration.templatesDirectory, "/srv/railbook/Templates")
        XCTAssertTrue(configuration.usesSecureCookies)
    }

    func testMailAndInvoiceSettingsAreParsedAndChecked() throws {
        let options = try CommandLineOptions(arguments: [
            "serve", "--smtp", "smtp://railbook:s3cret@mail.example:587", "--mail-from", "Railbook <tickets@example.com>",
            "--site-url", "https://tickets.example/", "--mail-folder", "/srv/mail", "--seller-name", "铁路行客票有限公司",
            "--seller-code", "91350100M000100Y43", "--invoice-tax-permille", "60", "--invoice-days", "90",
        ])
        let configuration = options.siteConfiguration
        XCTAssertEqual(configuration.mail.relayURL, "smtp://railbook:s3cret@mail.example:587")
        XCTAssertEqual(configuration.mail.siteURL, "https://tickets.example", "without the final slash")
        XCTAssertEqual(configuration.mail.folder, "/srv/mail")
        XCTAssertEqual(configuration.invoices.sellerCode, "91350100M000100Y43")
        XCTAssertEqual(configuration.invoices.taxPermille, 60)
        XCTAssertEqual(configuration.invoices.windowDays, 90)
        for (arguments, message) in [
            (["--smtp", "http://mail.example"], "--smtp needs smtp://host:port or smtps://host:port"),
            (["--mail-from", "not an address"], "--mail-from needs an address, e.g. 'Railbook <no-reply@example.com>'"),
            (["--site-url", "tickets.example"], "--site-url needs an http:// or https:// address"),
            (
                ["--seller-code", "91350100M000100Y44"],
                "--seller-code needs an 18-character unified social credit code with its check character, not '91350100M000100Y44'"
            ),
        ] {
            XCTAssertThrowsError(try CommandLineOptions(arguments: ["serve"] + arguments)) { error in
                XCTAssertEqual("\(error)", message, arguments.joined(separator: " "))
            }
        }
    }

    func testTheDatabaseIsAFileOrAPostgreSQLURIAndMessagesNeverShowItsPassword() throws {
        let options = try CommandLineOptions(arguments: [
            "serve", "--database", "postgresql:///railbook?host=/run/postgresql&user=railbook",
            "--database-connections", "24", "--database-answer-seconds", "5",
        ])
        XCTAssertEqual(DatabaseLocation(options.databaseLocation), .postgreSQL(uri: "postgresql:///railbook?host=/run/postgresql&user=railbook"))
        XCTAssertEqual(options.siteConfiguration.databaseConnections, 24)
        XCTAssertEqual(options.siteConfiguration.databaseAnswerSeconds, 5)
        XCTAssertEqual(try CommandLineOptions(arguments: ["serve"]).siteConfiguration.databaseAnswerSeconds, 35)
        XCTAssertEqual(DatabaseLocation("POSTGRES://db.example/railbook"), .postgreSQL(uri: "POSTGRES://db.example/railbook"))
        XCTAssertEqual(DatabaseLocation("data/railbook.sqlite"), .sqliteFile("data/railbook.sqlite"))
        XCTAssertEqual(
            DatabaseLocation("postgresql://railbook:s3cret@db.example:5432/railbook").displayName,
            "postgresql://railbook@db.example:5432/railbook")
        XCTAssertEqual(
            DatabaseLocation("postgresql:///railbook?user=railbook&password=s3cret&host=/tmp").displayName,
            "postgresql:///railbook?user=railbook&password=…&host=/tmp")
        XCTAssertThrowsError(try CommandLineOptions(arguments: ["serve", "--database-connections", "0"]))
        XCTAssertThrowsError(try CommandLineOptions(arguments: ["serve", "--database-answer-seconds", "0"]))
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
        XCTAssertEqual([defaults.holdSeconds, defaults.acceptSeconds, defaults.jobSeconds, defaults.waitlistCloseMinutes], [1800, 600, 15, 20])
        let closing = try CommandLineOptions(arguments: ["serve", "--waitlist-close-minutes", "45"]).siteConfiguration.deadlines
        XCTAssertEqual(closing.waitlistCloseMinutes, 45)
        XCTAssertThrowsError(try CommandLineOptions(arguments: ["serve", "--waitlist-close-minutes", "0"]))
    }

    func testRunningSettingsAreParsedAndChecked() throws {
        let options = try CommandLineOptions(arguments: ["serve", "--recovery-minutes", "0", "--compensation", "30:25,120:50,180:75"])
        XCTAssertEqual(options.siteConfiguration.running.recoveryMinutesPerStop, 0)
        XCTAssertEqual(options.siteConfiguration.running.compensationBands.map(\.minutes), [30, 120, 180])
        XCTAssertEqual(options.siteConfiguration.running.compensationPercent(forMinutesLate: 150), 50)
        let defaults = try CommandLineOptions(arguments: ["serve"]).siteConfiguration.running
        XCTAssertEqual(defaults.recoveryMinutesPerStop, 2)
        XCTAssertEqual(defaults.compensationBands.map(\.percent), [25, 50])
        XCTAssertEqual(defaults.compensationPercent(forMinutesLate: 59), 0)
        for bad in ["", "60", "60:25,30:50", "60:50,120:25", "0:10", "60:101", "60:25,", "a:b"] {
            XCTAssertThrowsError(try CommandLineOptions(arguments: ["serve", "--compensation", bad]), bad)
        }
        XCTAssertThrowsError(try CommandLineOptions(arguments: ["serve", "--recovery-minutes", "61"]))
    }

    func testBadOptionsGiveOneLineErrors() {
        for arguments in [
            ["serve", "--port", "eighty"], ["serve", "--port", "70000"], ["serve", "--colour"], ["launch"],
            ["serve", "--database"], ["migrate", "--secure-cookies"], ["serve", "--hold-minutes", "0"],
            ["serve", "--hold-minutes", "half"], ["serve", "--accept-minutes", "-1"], ["serve", "--job-seconds", "0"],
            ["migrate", "--hold-minutes", "5"],
        ] {
            XCTAssertThrowsError(try CommandLineOptions(arguments: arguments), "\(arguments)") { error in
                XCTAssertFalse("\(error)".contains("\n"))
                XCTAssertFalse("\(error)".isEmpty)
            }
        }
    }

    func testHelpExplainsEveryOption() {
        for option in [
            "serve", "migrate", "--host", "--port", "--database", "--root", "--secure-cookies", "--quiet",
            "--hold-minutes", "--accept-minutes", "--job-seconds",
        ] {
            XCTAssertTrue(CommandLineOptions.helpText.contains(option), option)
        }
    }

    func testTheCacheBudgetIsSetInMegabytesAndChecked() throws {
        XCTAssertEqual(try CommandLineOptions(arguments: ["serve", "--cache-mb", "64"]).siteConfiguration.cacheMegabytes, 64)
        XCTAssertEqual(try CommandLineOptions(arguments: ["serve"]).siteConfiguration.cacheMegabytes, SiteConfiguration().cacheMegabytes)
        XCTAssertTrue(CommandLineOptions.helpText.contains("--cache-mb"))
        for arguments in [
            ["serve", "--cache-mb", "-1"], ["serve", "--cache-mb", "lots"], ["serve", "--cache-mb", "2000000"],
            ["serve", "--cache-mb"], ["migrate", "--cache-mb", "64"],
        ] {
            XCTAssertThrowsError(try CommandLineOptions(arguments: arguments), "\(arguments)") { error in
                XCTAssertFalse("\(error)".contains("\n"))
            }
        }
    }

    func testTheCommandExitsNonZeroOnABadOption() {
        XCTAssertEqual(RailbookCommand.run(arguments: ["serve", "--bogus"]), 2)
        XCTAssertEqual(RailbookCommand.run(arguments: ["--help"]), 0)
    }

    /// An empty folder to run the binary in: no Templates/ or Public/ anywhere near it.
    private func emptyFolder() throws -> String {
        let folder = try TestSite.temporaryDirectory()
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/Templates"))
        return folder
    }

    func testCommandsThatServeNoPagesRunFromAnyFolder() throws {
        let folder = try emptyFolder()
        let database = try TestDatabase.newLocation()
        let migrated = try ServerProcess.run(["migrate", "--database", database], in: folder)
        XCTAssertEqual(migrated.status, 0, migrated.output)
        XCTAssertTrue(migrated.output.contains("is up to date"), migrated.output)
        XCTAssertFalse(migrated.output.contains("Templates"), migrated.output)
        let again = try ServerProcess.run(["migrate", "--database", database], in: folder)
        XCTAssertEqual(again.status, 0, again.output)
        let seeded = try ServerProcess.run(["seed", "--database", database], in: folder)
        XCTAssertEqual(seeded.status, 0, seeded.output)
        XCTAssertTrue(seeded.output.contains("loaded 301 stations"), seeded.output)

        let created = try ServerProcess.run(["user", "create", "--account", "night_clerk", "--admin", "--database", database], in: folder)
        XCTAssertEqual(created.status, 0, created.output)
        let password = try XCTUnwrap(created.output.split(separator: "\n").first { $0.hasPrefix("password: ") }).dropFirst("password: ".count)
        XCTAssertEqual(password.count, 16)

        // The database the commands made serves: keys, tables, the network and the account are all there.
        let client = TestClient(application: try Application(configuration: try TestSite.configuration { $0.databaseLocation = database }))
        let page = try AccountFixtures.logIn("night_clerk", String(password), with: client)
        XCTAssertEqual(page.target, "/me")
        XCTAssertEqual(try client.get("/admin").status, .ok, "an administrator")
        XCTAssertEqual(try client.get("/stations").document().count("//*[@data-station]") > 0, true, "the demo network")
    }

    func testServeNamesTheTemplatesFolderItCannotRead() throws {
        let folder = try emptyFolder()
        let database = try TestDatabase.newLocation()
        let here = try ServerProcess.run(["serve", "--port", "0", "--database", database], in: folder)
        XCTAssertEqual(here.status, 1, here.output)
        let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        let line = try XCTUnwrap(here.output.split(separator: "\n").first { $0.hasPrefix("railbook: ") }.map(String.init), here.output)
        XCTAssertFalse(line.hasPrefix("railbook: :"), "no empty name before the reason: \(line)")
        XCTAssertTrue(line.contains(resolved + "/Templates") || line.contains(folder + "/Templates"), "the folder by its full path: \(line)")
        XCTAssertTrue(line.contains("--root"), "and how to name another: \(line)")

        let elsewhere = try ServerProcess.run(["serve", "--port", "0", "--database", database, "--root", folder + "/missing"], in: folder)
        XCTAssertEqual(elsewhere.status, 1, elsewhere.output)
        XCTAssertTrue(elsewhere.output.contains(folder + "/missing/Templates"), elsewhere.output)
    }
}
