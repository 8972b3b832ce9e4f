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
    func testCompensationIsPaidOnceWhenTheServerIsKilledTakingTheReportAndTheReportIsSentAgain() throws {
        var server = try ServerProcess()
        let location = server.databaseLocation
        let database = try DatabaseInspector(location)
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
        func body(at timestamp: Int) -> String {
            RunningMessage(fields: [
                "sender": "tracker", "train": try! ticket.string("number"), "date": try! ticket.string("service_date"),
                "station": try! stop.string("telecode"), "arrival": RunningStopViewModel.clock(try! stop.int("arrival_minute") + 75),
                "arrival_kind": "actual", "timestamp": String(timestamp),
            ]).body(signedWith: key)
        }

        let first = body(at: ChinaTime.now())
        let connection = try TestSocket(port: server.port)
        try connection.send(
            "POST \(RunningReportsController.path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(first.utf8.count)\r\n\r\n" + first)
        server.send(SIGKILL)
        XCTAssertEqual(try server.waitForExit(), 128 + SIGKILL)

        server = try ServerProcess(databaseLocation: location)
        var headers = Headers()
        headers.add("Content-Type", "application/x-www-form-urlencoded")
        for attempt in 1...2 {
            let again = try server.client().send(
                .post, RunningReportsController.path, headers: headers, body: Array(body(at: ChinaTime.now() + attempt).utf8),
                followRedirects: false)
            XCTAssertEqual(again.status, .ok, again.text)
        }
        let paid = try database.query("SELECT amount_fen FROM refunds WHERE reason = 'delay_compensation'").map { try $0.int("amount_fen") }
        XCTAssertEqual(paid, [Fares.roundToHalfYuan(try ticket.int("price_fen") * 25 / 100)], "paid once, its 25 %")
        XCTAssertEqual(try database.query("SELECT ticket_id FROM delay_compensations").count, 1)
        XCTAssertFalse(server.log.contains("error:"), server.log)
    }
}
