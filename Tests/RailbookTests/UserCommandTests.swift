import HTMLTesting
import HTTP
import Railbook
import Storage
import XCTest

final class UserCommandTests: XCTestCase {
    private var databaseLocation = ""
    private var lines: [String] = []
    private var errors: [String] = []

    override func setUpWithError() throws {
        databaseLocation = try TestDatabase.newLocation()
        lines = []
        errors = []
    }

    /// Runs `railbook` with `arguments` plus this test's database and the project root.
    private func run(_ arguments: [String]) -> Int32 {
        let output = CommandOutput(line: { self.lines.append($0) }, error: { self.errors.append($0) })
        return RailbookCommand.run(arguments: arguments + ["--database", databaseLocation, "--root", TestSite.projectRoot], output: output)
    }

    /// The password the command printed.
    private func printedPassword() throws -> String {
        let line = try XCTUnwrap(lines.first { $0.hasPrefix("password: ") })
        return String(line.dropFirst("password: ".count))
    }

    /// A web client for an application on the command's database.
    private func webClient() throws -> TestClient {
        var configuration = SiteConfiguration()
        configuration.root = TestSite.projectRoot
        configuration.databaseLocation = databaseLocation
        configuration.logsRequests = false
        return TestClient(application: try Application(configuration: configuration))
    }

    func testCreatesAnAdministratorWhosePrintedPasswordLogsIn() throws {
        XCTAssertEqual(run(["user", "create", "--account", "root_admin", "--admin", "--name", "值班站长"]), 0, "\(errors)")
        XCTAssertEqual(errors, [])
        let password = try printedPassword()
        XCTAssertEqual(password.count, 16)
        XCTAssertFalse(password.contains { "0O1lI".contains($0) }, "unambiguous characters only")
        XCTAssertEqual(lines.filter { $0.contains(password) }.count, 1, "the password is printed once")

        let client = try webClient()
        let page = try AccountFixtures.logIn("root_admin", password, with: client)
        XCTAssertEqual(page.target, "/me")
        let document = try page.document()
        XCTAssertEqual(document.text("//header//a[@href='/me']"), "我的 · 值班站长")
        XCTAssertNil(document.node("//dt[.='证件号码']"), "no document on file")
        let row = try client.application.database.read { db in
            try db.queryOne("SELECT authority, certificate_number, mobile, password_hash FROM users WHERE account = 'root_admin'")
        }
        let user = try XCTUnwrap(row)
        XCTAssertEqual(try user.string("authority"), "admin")
        XCTAssertNil(try user.optionalString("certificate_number"))
        XCTAssertNil(try user.optionalString("mobile"))
        XCTAssertTrue(try user.string("password_hash").hasPrefix("$argon2id$"))
        XCTAssertFalse(try user.string("password_hash").contains(password))
    }

    func testWithoutAdminCreatesAnOrdinaryUserNamedAfterTheAccount() throws {
        XCTAssertEqual(run(["user", "create", "--account", "ticket_clerk"]), 0, "\(errors)")
        let client = try webClient()
        let page = try AccountFixtures.logIn("ticket_clerk", try printedPassword(), with: client)
        XCTAssertEqual(try page.document().text("//header//a[@href='/me']"), "我的 · ticket_clerk")
        let row = try client.application.database.read { db in
            try db.queryOne("SELECT authority FROM users WHERE account = 'ticket_clerk'")
        }
        XCTAssertEqual(try XCTUnwrap(row).string("authority"), "user")
    }

    func testACommandLineUserCanEditTheProfileWithoutDocuments() throws {
        XCTAssertEqual(run(["user", "create", "--account", "root_admin", "--admin"]), 0, "\(errors)")
        let client = try webClient()
        try AccountFixtures.logIn("root_admin", try printedPassword(), with: client)
        let page = try client.get("/me/edit")
        var form = try page.document().form(action: "/me/edit")
        XCTAssertEqual(form.value("certificate_number"), "")
        try form.fill("name", "值班站长")
        try form.fill("gender", "female")
        let saved = try client.submit(form, from: page)
        XCTAssertEqual(saved.redirects, ["/me?saved=1"])
        XCTAssertEqual(try saved.document().text("//dt[.='姓名']/following-sibling::dd"), "值班站长")
    }

    func testADuplicateAccountFailsWithOneLine() throws {
        XCTAssertEqual(run(["user", "create", "--account", "root_admin", "--admin"]), 0)
        lines = []
        XCTAssertEqual(run(["user", "create", "--account", "ROOT_ADMIN"]), 1)
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors[0].contains("already exists"), errors[0])
        XCTAssertFalse(errors[0].contains("\n"))
        XCTAssertFalse(lines.contains { $0.hasPrefix("password: ") }, "no password for an account not created")
    }

    func testBadOptionsFailWithOneLine() {
        let cases: [[String]] = [
            ["user", "create"],
            ["user", "create", "--account"],
            ["user", "create", "--account", "ab"],
            ["user", "create", "--account", "bad name!"],
            ["user", "create", "--account", "root_admin", "--name", String(repeating: "长", count: 51)],
            ["user", "create", "--account", "root_admin", "--port", "9000"],
            ["user", "create", "--account", "root_admin", "--password", "secret"],
            ["user", "remove", "--account", "root_admin"],
            ["user"],
        ]
        for arguments in cases {
            errors = []
            XCTAssertEqual(
                RailbookCommand.run(
                    arguments: arguments,
                    output: CommandOutput(
                        line: { self.lines.append($0) },
                        error: { self.errors.append($0) })),
                2, "\(arguments)")
            XCTAssertEqual(errors.count, 1, "\(arguments)")
            XCTAssertFalse(errors.first?.contains("\n") ?? true, "\(arguments)")
        }
        XCTAssertEqual(lines, [])
    }

    func testOptionsAreParsedAndExplained() throws {
        let options = try CommandLineOptions(arguments: [
            "user", "create", "--account", "root_admin", "--admin", "--name", "Ops",
            "--database", "/tmp/r.sqlite",
        ])
        XCTAssertEqual(options.action, .createUser)
        XCTAssertEqual(options.account, "root_admin")
        XCTAssertEqual(options.userName, "Ops")
        XCTAssertTrue(options.isAdmin)
        XCTAssertEqual(options.databaseLocation, "/tmp/r.sqlite")
        XCTAssertFalse(try CommandLineOptions(arguments: ["user", "create", "--account", "root_admin"]).isAdmin)
        XCTAssertEqual(try CommandLineOptions(arguments: ["user", "--help"]).action, .help)
        for option in ["user create", "--account", "--admin", "--name", "--database", "--root"] {
            XCTAssertTrue(CommandLineOptions.helpText.contains(option), option)
        }
    }

    func testThereAreNoDefaultCredentials() throws {
        let client = try webClient()
        for (login, password) in [("admin", "admin"), ("admin", "Admin123!"), ("root", "root")] {
            XCTAssertEqual(try AccountFixtures.logIn(login, password, with: client).status, .unprocessableContent)
        }
        let count = try client.application.database.read { db in try db.queryOne("SELECT COUNT(*) AS total FROM users")?.int("total") }
        XCTAssertEqual(count, 0)
    }
}
