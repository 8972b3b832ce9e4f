import Foundation
import PostgreSQL
import Storage
import XCTest

final class ListenerTests: PostgresTestCase {
    private struct Refused: Error {}

    private let events = EventRecorder()
    private var listener: PostgresListener?
    private var sender: PostgresConnection!

    override func setUpWithError() throws {
        try super.setUpWithError()
        sender = try connect()
    }

    override func tearDownWithError() throws {
        listener?.stop()
        listener = nil
        sender = nil
        try super.tearDownWithError()
    }

    private func listen(to channels: [String], applicationName: String = "railbook") throws {
        let events = events
        listener = try PostgresListener(uri: database.uri, channels: channels, options: PostgresOptions(applicationName: applicationName)) {
            events.record($0)
        }
    }

    private func isNotification(_ payload: String) -> (PostgresListenerEvent) -> Bool {
        { event in
            if case .notification(let notification) = event { return notification.payload == payload }
            return false
        }
    }

    func testANotificationSentInATransactionArrivesOnlyAtCommit() throws {
        try listen(to: ["seat_changes"])
        try sender.write { connection in
            try connection.postgres.notify(channel: "seat_changes", payload: "run 7")
            XCTAssertFalse(events.waitFor(timeout: 0.3, isNotification("run 7")), "delivered before the commit")
        }
        XCTAssertTrue(events.waitFor(isNotification("run 7")))
        XCTAssertEqual(
            events.notifications,
            [
                PostgresNotification(channel: "seat_changes", payload: "run 7", senderProcessID: sender.backendProcessID)
            ])
    }

    func testNotificationsAskedForInAPoolsTransactionsArriveOnceAfterTheCommitsAndNeverAfterARollback() throws {
        try listen(to: ["seat_changes"])
        let pool = try PostgresPool(uri: database.uri, size: 2)
        defer { pool.close() }
        try pool.write { db in
            db.notifyAfterCommit("seat_changes")
            db.notifyAfterCommit("seat_changes")
            try db.run("SELECT 1")
            XCTAssertFalse(events.waitFor(timeout: 0.3, isNotification("")), "sent before the commit")
        }
        XCTAssertTrue(events.waitFor(isNotification("")), "sent after the commit")
        XCTAssertFalse(events.waitForNotifications(2, timeout: 0.3), "one notification for the transaction")
        XCTAssertThrowsError(
            try pool.write { db in
                db.notifyAfterCommit("seat_changes")
                throw Refused()
            })
        XCTAssertFalse(events.waitForNotifications(2, timeout: 0.5), "a rolled back transaction notifies nobody")
        for _ in 0..<20 { try pool.write { $0.notifyAfterCommit("seat_changes") } }
        XCTAssertTrue(events.waitForNotifications(2))
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertLessThan(events.notifications.count, 21, "commits close together share notifications")
        XCTAssertTrue(events.notifications.allSatisfy { $0.channel == "seat_changes" })
    }

    func testANotificationInATransactionThatRolledBackNeverArrives() throws {
        try listen(to: ["seat_changes"])
        XCTAssertThrowsError(
            try sender.write { connection in
                try connection.postgres.notify(channel: "seat_changes", payload: "rolled back")
                throw Refused()
            })
        try sender.notify(channel: "seat_changes", payload: "committed")
        XCTAssertTrue(events.waitFor(isNotification("committed")))
        XCTAssertEqual(events.notifications.map(\.payload), ["committed"])
    }

    func testOnlyTheChannelsListenedToArriveWithTheirNamesAndPayloadsIntact() throws {
        try listen(to: ["Orders", "座位"])
        try sender.notify(channel: "orders", payload: "other channel: names are case-sensitive")
        try sender.notify(channel: "座位", payload: "北京南 G1 05车 12F ✓")
        try sender.notify(channel: "Orders")
        XCTAssertTrue(events.waitFor(isNotification("")))
        XCTAssertEqual(events.notifications.map(\.channel), ["座位", "Orders"])
        XCTAssertEqual(events.notifications.first?.payload, "北京南 G1 05车 12F ✓")
    }

    func testAfterTheConnectionDropsTheListenerReconnectsAndSaysSo() throws {
        try listen(to: ["seat_changes"], applicationName: "railbook-listener-test")
        let ended = try sender.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ?", ["railbook-listener-test"]
        )
        XCTAssertEqual(ended.count, 1)
        XCTAssertTrue(events.waitFor { $0 == .reconnected })
        guard case .connectionLost(let error) = events.recorded.first else { return XCTFail("\(events.recorded)") }
        XCTAssertEqual(error.kind, .connectionFailure)
        try sender.notify(channel: "seat_changes", payload: "after the reconnect")
        XCTAssertTrue(events.waitFor(isNotification("after the reconnect")))
    }

    func testNothingArrivesAfterStop() throws {
        try listen(to: ["seat_changes"])
        try sender.notify(channel: "seat_changes", payload: "before")
        XCTAssertTrue(events.waitFor(isNotification("before")))
        listener?.stop()
        listener?.stop()
        try sender.notify(channel: "seat_changes", payload: "after")
        XCTAssertFalse(events.waitFor(timeout: 0.3, isNotification("after")))
        XCTAssertEqual(try sender.queryOne("SELECT COUNT(*) FROM pg_listening_channels()")?.int(0), 0)
    }

    func testAnUnusableChannelNameIsRefused() throws {
        XCTAssertThrowsError(try sender.notify(channel: String(repeating: "x", count: 64))) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "42602")
        }
        XCTAssertThrowsError(try listen(to: [""]))
    }
}
