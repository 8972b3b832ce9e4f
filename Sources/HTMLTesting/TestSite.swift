import Foundation
import Railbook

/// A Railbook instance for tests: the project's templates and static files, a fresh database (`TestDatabase`).
public enum TestSite {
    /// The project folder (holding `Templates/` and `Public/`).
    public static let projectRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// A fresh temporary folder, removed by the system's temp cleaning.
    public static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "railbook-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// An application on a new database in a temporary folder, configured further by `adjust`, on a
    /// `SettableClock` the test can move on (`application.clock`).
    public static func makeApplication(_ adjust: (inout SiteConfiguration) -> Void = { _ in }) throws -> Application {
        try Application(configuration: configuration(adjust), clock: SettableClock())
    }

    /// The configuration of a test application: the project's files, a new database, no access log.
    public static func configuration(_ adjust: (inout SiteConfiguration) -> Void = { _ in }) throws -> SiteConfiguration {
        var configuration = SiteConfiguration()
        configuration.root = projectRoot
        configuration.databaseLocation = try TestDatabase.newLocation()
        // Test applications outlive their tests (XCTest keeps every test case): their PostgreSQL
        // connections are let go of soon, so the cluster's connection slots never run out.
        configuration.databaseIdleSeconds = 2
        configuration.logsRequests = false
        configuration.checksTemplateNames = true
        // Mail without a relay goes to a folder of its own, never into the working directory.
        configuration.mail.folder = NSTemporaryDirectory() + "railbook-mail-" + UUID().uuidString
        adjust(&configuration)
        return configuration
    }

    /// The site's message catalogs (`Locales/`), as an application with `deadlines` reads them.
    public static func messages(deadlines: Deadlines = Deadlines()) throws -> Messages {
        try Messages.load(from: projectRoot + "/Locales", deadlines: deadlines)
    }

    /// A test client for a fresh application. Its browser has already dismissed the first-visit
    /// welcome (it holds the `welcomed` cookie), so `/` is the home page; remove the cookie to see the welcome.
    public static func makeClient(acceptLanguage: String = "zh-CN,zh;q=0.9") throws -> TestClient {
        let client = TestClient(application: try makeApplication(), acceptLanguage: acceptLanguage)
        client.cookies["welcomed"] = "1"
        return client
    }
}
