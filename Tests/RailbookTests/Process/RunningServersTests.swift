import Foundation
import Glibc
import HTMLTesting
import HTTP
import Secrets
import XCTest

@testable import Railbook

/// Running reports as they ship: a train-tracking system posts a signed report to the real
/// `railbook serve` over its socket, and the station board of another server on the same database
/// (PostgreSQL; on SQLite, the same server) shows the delay within 2 seconds.
final class RunningServersTests: XCTestCase {
    func testASignedReportSentToOneServerShowsOnAnothersStationBoardWithinTwoSeconds() throws {
        let receiver = try ServerProcess()
        let shower =
            TestDatabase.dialect == .postgresql ? try ServerProcess(databaseLocation: receiver.databaseLocation) : receiver
        let database = try DatabaseInspector(receiver.databaseLocation)
        let admin = receiver.client()
        admin.cookies["session"] = try ClusterAccounts.administrator(in: database)

        let senders = try admin.get("/admin/running-senders")
        var form = try senders.document().form(action: "/admin/running-senders")
        try form.fill("name", "tracker")
        let added = try admin.submit(form, from: senders).document()
        let key = try XCTUnwrap(HMACKey(base64: try XCTUnwrap(added.text("//code[@data-key]"))))

        // The first train leaving 北京南 on the other server's board, whatever the hour.
        let looker = shower.client()
        let board = try looker.get("/stations/VNP/board").document()
        let row = try XCTUnwrap(board.node("//table[@data-kind='departures']//tr[@data-train][1]"), "no departure on the board")
        let train = try XCTUnwrap(row.attribute("data-train"))
        let href = try XCTUnwrap(row.nodes(".//a").first?.attribute("href"))
        let date = String(try XCTUnwrap(href.split(separator: "=").last))
        let scheduled = try XCTUnwrap(ClockTime.parse(String(try XCTUnwrap(row.nodes("./td").first?.text.prefix(5)))))
        let rowPath = "//table[@data-kind='departures']//tr[@data-train='\(train)']"
        XCTAssertEqual(row.attribute("data-delay"), "0")

        let report = RunningMessage(fields: [
            "sender": "tracker", "train": train, "date": date, "station": "VNP", "departure": ClockTime.format(scheduled + 30),
            "timestamp": String(ChinaTime.now()),
        ])
        var headers = Headers()
        headers.add("Content-Type", "application/x-www-form-urlencoded")
        let sent = Date()
        let answer = try receiver.client().send(
            .post, RunningReportsController.path, headers: headers, body: Array(report.body(signedWith: key).utf8), followRedirects: false)
        XCTAssertEqual(answer.status, .ok, answer.text)
        var shownAfter: TimeInterval?
        while Date().timeIntervalSince(sent) < 10 {
            if try looker.get("/stations/VNP/board").document().node(rowPath)?.attribute("data-delay") == "30" {
                shownAfter = Date().timeIntervalSince(sent)
                break
            }
            usleep(50_000)
        }
        let seconds = try XCTUnwrap(shownAfter, "the board never showed the delay")
        XCTAssertLessThan(seconds, 2, "the board showed the delay \(seconds) s later")
        let replay = try receiver.client().send(
            .post, RunningReportsController.path, headers: headers, body: Array(report.body(signedWith: key).utf8), followRedirects: false)
        XCTAssertEqual(replay.status, .conflict, "the same report sent again")
        XCTAssertFalse(receiver.log.contains("error:"), receiver.log)
        XCTAssertFalse(shower.log.contains("error:"), shower.log)
    }

    /// A sender reports a paid ticket's train 75 minutes late at its destination and the server is
    /// killed as it takes the report: the report and its compensation were committed together or not
    /// at all. The sender, with no answer, sends the report again to the restarted server: the
    /// ticket is paid its 25 % once, whichever way the kill fell.
    /// A real server with a paid ticket and a sender's key: the server, its database, the ticket's
    /// price, train and date, and its destination's telecode and scheduled arrival.
    private struct PaidTicket {
        let server: ServerProcess
        let database: DatabaseInspector
        let priceFen: Int
        let train: String
        let date: String
        let station: String
        let arrivalMinute: Int
        let key: HMACKey

        /// A signed report of the destination's arrival `minutesLate` late, `kind` expected or actual.
        func body(minutesLate: Int, kind: String, at timestamp: Int) -> String {
            RunningMessage(fields: [
                "sender": "tracker", "train": train, "date": date, "station": station,
                "arrival": RunningStopViewModel.clock(arrivalMinute + minutesLate), "arrival_kind": kind, "timestamp": String(timestamp),
            ]).body(signedWith: key)
        }
    }

    private func paidTicket() throws -> PaidTicket {
        let server = try ServerProcess()
        let database = try DatabaseInspector(server.databaseLocation)
        let traveller = server.client()
        try AccountFixtures.register(with: traveller)
        let offer = try ProcessJourneys.offer(try ProcessJourneys.results(with: traveller))
        XCTAssertEqual(try ProcessJourneys.status(try ProcessJourneys.pay(try ProcessJourneys.book(offer, with: traveller), with: traveller)), "paid")
        let ticket = try XCTUnwrap(
            try database.queryOne(
                """
                SELECT t.price_fen, t.to_sequence, r.train_id, r.service_date, tr.number FROM tickets t
                JOIN runs r ON r.id = t.run_id JOIN trains tr ON tr.id = r.train_id
                """))
        let stop = try XCTUnwrap(
            try database.queryOne(
                """
                SELECT s.arrival_minute, st.telecode FROM stops s JOIN stations st ON st.id = s.station_id
                WHERE s.train_id = ? AND s.sequence = ?
                """, [try ticket.int64("train_id"), try ticket.int("to_sequence")]))
        let admin = server.client()
        admin.cookies["session"] = try ClusterAccounts.administrator(in: database)
        let senders = try admin.get("/admin/running-senders")
        var form = try senders.document().form(action: "/admin/running-senders")
        try form.fill("name", "tracker")
        let key = try XCTUnwrap(HMACKey(base64: try XCTUnwrap(try admin.submit(form, from: senders).document().text("//code[@data-key]"))))
        return PaidTicket(
            server: server, database: database, priceFen: try ticket.int("price_fen"), train: try ticket.string("number"),
            date: try ticket.string("service_date"), station: try stop.string("telecode"), arrivalMinute: try stop.int("arrival_minute"),
            key: key)
    }

    private func send(_ body: String, to server: ServerProcess) throws -> TestResponse {
        var headers = Headers()
        headers.add("Content-Type", "application/x-www-form-urlencoded")
        return try server.client().send(.post, RunningReportsController.path, headers: headers, body: Array(body.utf8), followRedirects: false)
    }

    /// The train is expected 75 minutes late at the ticket's destination, then makes the time up and
    /// arrives 10 minutes late: nothing is paid.
    func testARunThatMakesUpItsDelayBeforeArrivingPaysNothing() throws {
        let paid = try paidTicket()
        XCTAssertEqual(try send(paid.body(minutesLate: 75, kind: "expected", at: ChinaTime.now()), to: paid.server).status, .ok)
        XCTAssertEqual(try send(paid.body(minutesLate: 10, kind: "actual", at: ChinaTime.now() + 1), to: paid.server).status, .ok)
        XCTAssertEqual(try paid.database.query("SELECT id FROM refunds").count, 0, "an expected delay pays nothing, 10 minutes on arrival neither")
        XCTAssertEqual(try paid.database.query("SELECT ticket_id FROM delay_compensations").count, 0)
        XCTAssertFalse(paid.server.log.contains("error:"), paid.server.log)
    }

    func testCompensationIsPaidOnceWhenTheServerIsKilledTakingTheReportAndTheReportIsSentAgain() throws {
        let paid = try paidTicket()
        let location = paid.server.databaseLocation
        func body(at timestamp: Int) -> String { paid.body(minutesLate: 75, kind: "actual", at: timestamp) }

        let first = body(at: ChinaTime.now())
        var server = paid.server
        let connection = try TestSocket(port: server.port)
        try connection.send(
            "POST \(RunningReportsController.path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(first.utf8.count)\r\n\r\n" + first)
        server.send(SIGKILL)
        XCTAssertEqual(try server.waitForExit(), 128 + SIGKILL)

        server = try ServerProcess(databaseLocation: location)
        for attempt in 1...2 {
            let again = try send(body(at: ChinaTime.now() + attempt), to: server)
            XCTAssertEqual(again.status, .ok, again.text)
        }
        let amounts = try paid.database.query("SELECT amount_fen FROM refunds WHERE reason = 'delay_compensation'").map { try $0.int("amount_fen") }
        XCTAssertEqual(amounts, [Fares.roundToHalfYuan(paid.priceFen * 25 / 100)], "paid once, its 25 %")
        XCTAssertEqual(try paid.database.query("SELECT ticket_id FROM delay_compensations").count, 1)
        XCTAssertFalse(server.log.contains("error:"), server.log)
    }
}
