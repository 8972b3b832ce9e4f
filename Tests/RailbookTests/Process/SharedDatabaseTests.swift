import Foundation
import HTMLTesting
import Railbook
import Storage
import XCTest

/// Two `railbook serve` processes on one PostgreSQL database, as behind a load balancer: what one
/// sells, the other's pages show soon after, without a restart.
final class SharedDatabaseTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(
            TestDatabase.dialect == .postgresql,
            "several servers share one PostgreSQL database; a SQLite file belongs to one server")
    }

    func testASeatSoldThroughOneServerShowsInTheOthersResultsWithinTwoSeconds() throws {
        let first = try ServerProcess()
        let second = try ServerProcess(databaseLocation: first.databaseLocation)
        let seller = first.client()
        try AccountFixtures.register(with: seller)
        let looker = second.client()
        let offer = try ProcessJourneys.offer(try ProcessJourneys.results(with: looker))
        XCTAssertEqual(try ProcessJourneys.seatsLeft(on: offer.train, with: looker), offer.seats, "the second server caches the count")

        let sold = Date()
        _ = try ProcessJourneys.book(try ProcessJourneys.offer(try ProcessJourneys.results(with: seller), train: offer.train), with: seller)
        var shownAfter: TimeInterval?
        while Date().timeIntervalSince(sold) < 10 {
            if try ProcessJourneys.seatsLeft(on: offer.train, with: looker) == offer.seats - 1 {
                shownAfter = Date().timeIntervalSince(sold)
                break
            }
            usleep(50_000)
        }
        let seconds = try XCTUnwrap(shownAfter, "the second server never showed the seat sold through the first")
        XCTAssertLessThan(seconds, 2, "the second server showed the sale \(seconds) s later")
        XCTAssertFalse(second.log.contains("error:"), second.log)
    }
}

extension SharedDatabaseTests {
    /// An administrator adds a train through one server and is sent, as behind a load balancer, to
    /// the other for the list of trains: it lists the train at once, not only once that server's
    /// cache has followed the change.
    func testATrainAddedThroughOneServerIsListedByTheOtherAtOnce() throws {
        let first = try ServerProcess()
        let second = try ServerProcess(databaseLocation: first.databaseLocation)
        let session = try ClusterAccounts.administrator(in: try DatabaseInspector(first.databaseLocation))
        let admin = first.client(), other = second.client()
        admin.cookies["session"] = session
        other.cookies["session"] = session
        for number in ["G9811", "G9812", "G9813"] {
            let page = try admin.get("/admin/trains/new")
            var form = try page.document().form(action: "/admin/trains")
            try form.fill("number", number)
            try form.fill("stops", ClusterTrain.stops)
            try form.fill("layout", "custom")
            try form.fill("coaches", "1 second 10")
            let submission = try form.submission(button: nil)
            let answer = try admin.post(submission.action, fields: submission.fields.map { ($0.name, $0.value) }, followRedirects: false)
            XCTAssertEqual(answer.status.code, 303, answer.text)
            let list = try other.get(try XCTUnwrap(answer.headers["Location"]))
            XCTAssertNotNil(try list.document().node("//tr[@data-train='\(number)']"), "the other server's list lacks \(number)")
        }
    }
}
