import Foundation
import Glibc
import HTMLTesting
import HTTP
import Railbook
import XCTest

/// The shipped server on a file system that fills up: bookings are paused with a 503 and a page
/// that says so, the pages that only read go on, the log says so once, nothing of a refused
/// booking is kept, and selling resumes as soon as there is room again. SQLite only: its file is
/// on a small file system the test mounts (as root), then fills.
final class FullDiskTests: XCTestCase {
    private var mountPoint: String?

    override func tearDown() {
        if let mountPoint { _ = try? ServerProcess.runProgram("/bin/umount", ["-l", mountPoint]) }
    }

    /// Mounts a 32 MB tmpfs on a new folder; skips the test where mounting is not allowed.
    private func smallFileSystem() throws -> String {
        try XCTSkipUnless(TestDatabase.dialect == .sqlite, "the database's own disk fills up on SQLite only; PostgreSQL's is its server's")
        let folder = try TestSite.temporaryDirectory()
        let mounted = try ServerProcess.runProgram("/bin/mount", ["-t", "tmpfs", "-o", "size=32m", "tmpfs", folder])
        try XCTSkipUnless(mounted.status == 0, "mounting a small file system needs root: \(mounted.output)")
        mountPoint = folder
        return folder
    }

    /// Writes to a file in `folder` until the file system has no room left.
    private func fill(_ folder: String) -> String {
        let path = folder + "/filler"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let chunk = [UInt8](repeating: 0x5A, count: 65_536)
        var size = chunk.count
        while size > 0 {
            while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, size) }) == size {}
            size /= 2
        }
        close(descriptor)
        return path
    }

    func testAFullDiskPausesBookingsWithAClearPageAndSellingResumesWhenThereIsRoom() throws {
        let folder = try smallFileSystem()
        let server = try ServerProcess(databaseLocation: folder + "/railbook.sqlite")
        let traveller = server.client()
        try AccountFixtures.register(with: traveller)
        let offer = try ProcessJourneys.offer(try ProcessJourneys.results(with: traveller))
        let page = try traveller.get(offer.bookHref)
        let form = try page.document().form(action: "/orders")
        // The write-ahead log is emptied, so a commit must grow it; then the disk fills up.
        let database = try DatabaseInspector(server.databaseLocation)
        try database.withoutTransaction { try $0.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        let filler = fill(folder)

        for _ in 1...3 {
            let refused = try traveller.submit(form, from: page)
            XCTAssertEqual(refused.status, .serviceUnavailable, "a booking on a full disk: \(refused.target)")
            XCTAssertEqual(refused.headers["Retry-After"], "60")
            XCTAssertEqual(
                try refused.document().text("//p[@class='error-page__status']/following-sibling::p[1]"),
                "订票暂停：本站暂时无法保存新的内容。您已有的订单安然无恙，查询等页面照常可用，请几分钟后再试。")
        }
        XCTAssertEqual(try traveller.get("/").status, .ok, "the home page did not work on a full disk")
        XCTAssertEqual(try ProcessJourneys.seatsLeft(on: offer.train, with: traveller), offer.seats, "a refused booking kept a seat")
        let outOfSpaceLines = server.log.split(separator: "\n").filter { $0.contains("out of space") }
        XCTAssertEqual(outOfSpaceLines.count, 1, "not one line a minute:\n\(server.log)")
        XCTAssertFalse(server.log.contains("error: POST"), "a refused booking was logged as a failure:\n\(server.log)")

        unlink(filler)
        let booked = try traveller.submit(form, from: page)
        XCTAssertTrue(booked.target.hasPrefix("/orders/E"), "selling did not resume once there was room: \(booked.status) \(booked.target)")
        server.send(SIGTERM)
        XCTAssertEqual(try server.waitForExit(), 0, server.log)
        XCTAssertEqual(try database.queryOne("SELECT COUNT(*) AS n FROM orders")?.int("n"), 1, "a refused booking left an order behind")
        XCTAssertEqual(try database.queryOne("SELECT COUNT(*) AS n FROM tickets")?.int("n"), 1)
    }
}
