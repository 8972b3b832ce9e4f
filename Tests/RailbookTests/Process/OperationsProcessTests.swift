import Foundation
import Glibc
import HTMLTesting
import HTTP
import PostgresTesting
import Railbook
import Storage
import XCTest

/// What an operator relies on, against the shipped `railbook serve`: every answer carries a request
/// id that its error page shows and its log lines write, JSON log lines that name the route and the
/// user but not the path, and `/live` and `/ready`, the latter answering 503 while the server drains.
final class OperationsProcessTests: XCTestCase {
    /// A complaint quoting the code on an error page finds the request's access-log line: the id
    /// sent by a proxy in front is kept, echoed and shown; an id unfit to log is replaced, and what
    /// was sent is never written.
    func testTheCodeOnAnErrorPageIsTheRequestsIDInTheResponseAndTheAccessLog() throws {
        let server = try ServerProcess(logsRequests: true)
        let client = server.client()
        var headers = Headers()
        headers.add("X-Request-Id", "proxy-2026:ab_12")
        let missing = try client.get("/no-such-page", headers: headers)
        XCTAssertEqual(missing.status.code, 404)
        XCTAssertEqual(missing.headers["X-Request-Id"], "proxy-2026:ab_12")
        let shown = try missing.document().node("//p[@class='error-page__code']/code")?.text
        XCTAssertEqual(shown, "proxy-2026:ab_12", "the error page does not show the request's id")
        _ = try server.waitForOutput(matching: "GET /no-such-page 404")
        XCTAssertTrue(server.log.contains("GET /no-such-page 404 ") && server.log.contains("id=proxy-2026:ab_12\n"), server.log)

        let page = try client.get("/stations")
        let made = try XCTUnwrap(page.headers["X-Request-Id"], "an answer without a request id")
        XCTAssertFalse(made.isEmpty)
        _ = try server.waitForOutput(matching: "id=\(made)")

        for unfit in [String(repeating: "a", count: 200), "two words", "quote\"d", "<script>"] {
            let connection = try TestSocket(port: server.port)
            try connection.send("GET /live HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Request-Id: \(unfit)\r\n\r\n")
            let answer = try HTTPResponseParser.parse(try connection.receiveAll(), method: .get)
            XCTAssertEqual(answer.status.code, 200)
            let echoed = try XCTUnwrap(answer.headers["X-Request-Id"])
            XCTAssertNotEqual(echoed, unfit, "an id unfit to log was echoed")
            XCTAssertNotNil(RequestID.accepted(echoed), "the replacement '\(echoed)' is itself unfit")
            _ = try server.waitForOutput(matching: "id=\(echoed)")
            XCTAssertFalse(server.log.contains(unfit), "an id unfit to log was written: \(unfit)")
        }
    }

    /// `--log-format json`: every line is one JSON object; a request's line has its id, method,
    /// route as registered (not the path with the order number), status, duration, bytes, client
    /// address and the user's id once logged in, and no cookie or password.
    func testJSONLinesNameTheRouteAndTheUserButNotThePathACookieOrAPassword() throws {
        let server = try ServerProcess(arguments: ["--log-format", "json"], logsRequests: true)
        let client = server.client()
        try AccountFixtures.register(with: client)
        let order = try client.get("/orders/E900000001")
        XCTAssertEqual(order.status.code, 404)
        let id = try XCTUnwrap(order.headers["X-Request-Id"])
        _ = try server.waitForOutput(matching: id)

        let objects = try server.log.split(separator: "\n").map { line in
            try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
        let line = try XCTUnwrap(objects.first { $0["request_id"] as? String == id && $0["status"] != nil })
        XCTAssertEqual(line["method"] as? String, "GET")
        XCTAssertEqual(line["route"] as? String, "/orders/:number")
        XCTAssertEqual(line["status"] as? Int, 404)
        XCTAssertEqual(line["client"] as? String, "127.0.0.1")
        XCTAssertEqual(line["level"] as? String, "info")
        XCTAssertNotNil(line["duration_ms"] as? Double)
        XCTAssertGreaterThan(line["bytes"] as? Int ?? 0, 0)
        XCTAssertNotNil(line["time"] as? String)
        let userID = try XCTUnwrap(line["user_id"] as? Int, "the line of a logged-in user's request has no user id")
        let database = try DatabaseInspector(server.databaseLocation)
        let row = try XCTUnwrap(try database.queryOne("SELECT id FROM users WHERE account = ?", ["li_lei"]))
        let registered: Int = try row.int("id")
        XCTAssertEqual(userID, registered)
        XCTAssertFalse(server.log.contains("E900000001"), "a path was logged")
        XCTAssertFalse(server.log.contains("Train2026!"), "a password was logged")
        for value in client.cookies.values where value.count > 8 {
            XCTAssertFalse(server.log.contains(value), "a cookie was logged")
        }
        XCTAssertTrue(objects.contains { ($0["message"] as? String)?.hasPrefix("Railbook is serving") == true })
    }

    /// A busy database (its write lock held elsewhere past the busy timeout) gets the traveller a
    /// 503 page with a code, and the server's error line for it carries the same code.
    func testTheErrorLineOfAFailedRequestCarriesTheCodeItsPageShows() throws {
        try XCTSkipUnless(TestDatabase.dialect == .sqlite, "the write lock is held through SQLite's BEGIN IMMEDIATE")
        let server = try ServerProcess()
        let client = server.client()
        let login = try client.get("/login")
        var form = try login.document().form(action: "/login")
        try form.fill("login", "nobody_here")
        try form.fill("password", "Wrong-password-1")
        let database = try DatabaseInspector(server.databaseLocation)
        let busy = try database.withoutTransaction { holder -> TestResponse in
            try holder.execute("BEGIN IMMEDIATE")
            defer { try? holder.execute("ROLLBACK") }
            return try client.submit(form, from: login)
        }
        XCTAssertEqual(busy.status.code, 503)
        let code = try XCTUnwrap(try busy.document().node("//p[@class='error-page__code']/code")?.text)
        XCTAssertEqual(busy.headers["X-Request-Id"], code)
        let line = try server.waitForOutput(matching: "[request \(code)]")
        XCTAssertTrue(line.hasPrefix("busy: POST /login"), line)
    }

    /// `/live` answers while the process does; `/ready` answers 200 when the database does, and
    /// 503 from the stop signal on while the server drains (`--drain-seconds`), still serving pages,
    /// until it stops.
    func testReadyAnswers503WhileTheServerDrainsAndPagesAreStillServed() throws {
        let server = try ServerProcess(arguments: ["--drain-seconds", "3"])
        let client = server.client()
        XCTAssertEqual(try client.get("/live").status.code, 200)
        let ready = try client.get("/ready")
        XCTAssertEqual(ready.status.code, 200)
        XCTAssertEqual(ready.headers["Cache-Control"], "no-store")

        let signalled = Date()
        server.send(SIGTERM)
        _ = try server.waitForOutput(matching: "draining")
        let draining = try client.get("/ready")
        XCTAssertEqual(draining.status.code, 503, "a draining server says it is ready")
        XCTAssertTrue(draining.text.contains("draining"), draining.text)
        XCTAssertEqual(try client.get("/live").status.code, 200)
        XCTAssertEqual(try client.get("/stations").status.code, 200, "a draining server stopped serving pages")
        XCTAssertEqual(try server.waitForExit(), 0, server.log)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(signalled), 2.5, "the server stopped before its drain time")
    }

    /// `--metrics-port`: the metrics are on a listener of their own (the site's port answers 404),
    /// in the Prometheus text format that `promtool check metrics` accepts, and count what happened:
    /// requests by route with their durations, a booking and its payment, the pool and the process.
    func testMetricsOnTheirOwnPortCountRequestsABookingAndItsPaymentAndPassPromtool() throws {
        let server = try ServerProcess(arguments: ["--metrics-port", "0"])
        let announced = try server.waitForOutput(matching: "Railbook metrics: http://127.0.0.1:")
        let port = try XCTUnwrap(announced.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) })
        XCTAssertNotEqual(port, server.port)
        let client = server.client()
        XCTAssertEqual(try client.get("/metrics").status.code, 404, "the site's port serves the metrics")

        try AccountFixtures.register(with: client)
        let offer = try ProcessJourneys.offer(try ProcessJourneys.results(with: client))
        let order = try ProcessJourneys.book(offer, with: client)
        _ = try ProcessJourneys.pay(order, with: client)
        _ = try ProcessJourneys.waitForStatus("paid", at: order.target, timeout: 30, with: client)

        let scrape = try TestClient(port: port).get("/metrics")
        XCTAssertEqual(scrape.status.code, 200)
        XCTAssertEqual(scrape.headers["Content-Type"], "text/plain; version=0.0.4; charset=utf-8")
        var samples: [String: Double] = [:]
        for line in scrape.text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " ") else { continue }
            samples[String(line[..<space])] = Double(line[line.index(after: space)...])
        }
        XCTAssertEqual(samples["railbook_bookings_total"], 1, scrape.text)
        XCTAssertEqual(samples["railbook_payments_settled_total"], 1, scrape.text)
        XCTAssertGreaterThanOrEqual(samples[#"railbook_http_requests_total{route="/search",method="GET",status="2xx"}"#] ?? 0, 1)
        XCTAssertGreaterThanOrEqual(samples[#"railbook_http_requests_total{route="/orders",method="POST",status="3xx"}"#] ?? 0, 1)
        XCTAssertEqual(samples[#"railbook_http_requests_total{route="(not found)",method="GET",status="4xx"}"#], 1)
        XCTAssertGreaterThanOrEqual(samples[#"railbook_http_request_duration_seconds_count{route="/search"}"#] ?? 0, 1)
        XCTAssertNotNil(samples[#"railbook_http_request_duration_seconds_bucket{route="/search",le="0.0005"}"#])
        XCTAssertNotNil(samples[#"railbook_http_request_duration_seconds_bucket{route="/search",le="10"}"#])
        XCTAssertFalse(scrape.text.contains(order.target), "a raw path became a label")
        XCTAssertNotNil(samples["railbook_outbox_waiting"])
        XCTAssertGreaterThanOrEqual(samples[#"railbook_database_connections{state="open"}"#] ?? 0, 1)
        XCTAssertGreaterThanOrEqual(samples[#"railbook_cache_misses_total{cache="seats"}"#] ?? 0, 1)
        XCTAssertGreaterThan(samples[#"railbook_job_last_success_timestamp_seconds{name="unpaid orders"}"#] ?? 0, 0, scrape.text)
        XCTAssertNotNil(samples["railbook_http_connections_open"])
        XCTAssertEqual(samples[#"railbook_http_connections_refused_total{reason="head_timeout"}"#], 0)
        XCTAssertGreaterThan(samples["process_resident_memory_bytes"] ?? 0, 1_000_000)
        XCTAssertNotNil(samples["process_start_time_seconds"])

        let promtool = ["/usr/bin/promtool", "/usr/local/bin/promtool"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let tool = try XCTUnwrap(promtool, "promtool is not installed (apt-get install prometheus; `make test` installs it)")
        let file = try TestSite.temporaryDirectory() + "/metrics.txt"
        try scrape.text.write(toFile: file, atomically: true, encoding: .utf8)
        let checked = try ServerProcess.runProgram("/bin/sh", ["-c", "\(tool) check metrics < \(file)"])
        XCTAssertEqual(checked.status, 0, checked.output)
    }

    /// A back-office export from the real server is sent chunked as it is made, and its access-log
    /// line, written once it has gone, counts the bytes sent.
    func testAnExportIsSentChunkedAsItIsMadeAndLoggedWithTheBytesSent() throws {
        let server = try ServerProcess(logsRequests: true)
        let created = try ServerProcess.run(["user", "create", "--account", "ops_admin", "--admin", "--database", server.databaseLocation])
        XCTAssertEqual(created.status, 0, created.output)
        let password = try XCTUnwrap(created.output.split(separator: "\n").first { $0.hasPrefix("password: ") }?.dropFirst("password: ".count))
        let admin = server.client()
        try AccountFixtures.logIn("ops_admin", String(password), with: admin)
        let page = try admin.get("/admin/exports")
        var form = try page.document().form(action: "/admin/exports")
        try form.fill("kind", "complaints")
        let export = try admin.submit(form, from: page)
        XCTAssertEqual(export.status.code, 200)
        XCTAssertEqual(export.headers["Transfer-Encoding"], "chunked")
        XCTAssertNil(export.headers["Content-Length"])
        XCTAssertEqual(Array(export.body.prefix(3)), [0xEF, 0xBB, 0xBF])
        XCTAssertTrue(String(decoding: export.body, as: UTF8.self).hasSuffix("\r\n"))
        let line = try server.waitForOutput(matching: "POST /admin/exports 200 ")
        XCTAssertTrue(line.contains("POST /admin/exports 200 \(export.body.count) "), "\(line) for \(export.body.count) bytes")
    }

    /// `/ready` says a server whose database lacks a migration it knows is not ready (a schema
    /// changed under it), and is ready again once the migration is back; `/live` does not care.
    func testReadyAnswers503WhileAMigrationIsMissingAndLiveStaysUp() throws {
        let server = try ServerProcess()
        let client = server.client()
        XCTAssertEqual(try client.get("/ready").status.code, 200)
        let database = try DatabaseInspector(server.databaseLocation)
        let last = try XCTUnwrap(try database.queryOne("SELECT identifier, applied_at FROM schema_migrations ORDER BY identifier DESC"))
        let identifier = try last.string("identifier"), appliedAt = try last.string("applied_at")
        _ = try database.write { try $0.run("DELETE FROM schema_migrations WHERE identifier = ?", [identifier]) }
        let missing = try client.get("/ready")
        XCTAssertEqual(missing.status.code, 503)
        XCTAssertEqual(missing.text, "migrations pending: 1 not applied\n")
        XCTAssertEqual(try client.get("/live").status.code, 200)
        _ = try database.write { try $0.run("INSERT INTO schema_migrations (identifier, applied_at) VALUES (?, ?)", [identifier, appliedAt]) }
        XCTAssertEqual(try client.get("/ready").status.code, 200)
    }

    /// A server whose PostgreSQL has gone answers `/ready` with 503 within its deadline, and `/live` with 200.
    func testReadyAnswers503WhenTheDatabaseIsGoneAndLiveStillAnswers() throws {
        try XCTSkipUnless(
            TestDatabase.dialect == .postgresql, "a database server that goes away is PostgreSQL's; run with RAILBOOK_TEST_DATABASE=postgresql")
        let cluster = try PostgresTestCluster.separate()
        defer { cluster.stop() }
        try cluster.runMaintenance("CREATE DATABASE railbook")
        let server = try ServerProcess(databaseLocation: cluster.uri(database: "railbook"))
        let client = server.client(timeoutSeconds: 10)
        XCTAssertEqual(try client.get("/ready").status.code, 200)
        cluster.stop()
        let asked = Date()
        let gone = try client.get("/ready")
        XCTAssertEqual(gone.status.code, 503)
        XCTAssertTrue(gone.text == "database unreachable\n" || gone.text.hasPrefix("database did not answer"), gone.text)
        XCTAssertLessThan(Date().timeIntervalSince(asked), 5, "the check took longer than its deadline")
        XCTAssertEqual(try client.get("/live").status.code, 200)
    }
}
