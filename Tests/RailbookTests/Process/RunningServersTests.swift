import Foundation
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
}
