import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// A page whose database is busy answers "busy, try again" (503 with `Retry-After`), and a page
/// whose stored data cannot be read answers the 500 page (logged): never a 404 as if the trip did
/// not exist, nor the page without the part it could not read.
final class FailingDatabasePagesTests: XCTestCase {
    func testABookPageWhoseRunStatusNamesNoCaseIsAnErrorNotNotFound() throws {
        let client = try BookingFixtures.traveller()
        let page = try BookingFixtures.bookPage(with: client)
        XCTAssertEqual(page.status, .ok)
        _ = try client.application.database.write { try $0.run("UPDATE runs SET status = 'mislaid'") }
        XCTAssertEqual(try client.get(page.target).status, .internalServerError)
    }

    func testABookPageWhoseRunsAreLockedIsAskedToTryAgain() throws {
        let client = try BookingFixtures.traveller()
        defer { client.application.shutdown() }
        let page = try BookingFixtures.bookPage(with: client)
        let holder = try LockHolder(on: client.application, "LOCK TABLE runs IN ACCESS EXCLUSIVE MODE")
        let busy = try client.get(page.target)
        holder.release()
        XCTAssertEqual(busy.status, .serviceUnavailable)
        XCTAssertEqual(busy.headers["Retry-After"], "2")
        XCTAssertEqual(try client.get(page.target).status, .ok)
    }

    func testAWaitlistPageWhoseRunsAreLockedIsAskedToTryAgain() throws {
        let client = try BookingFixtures.traveller()
        defer { client.application.shutdown() }
        try TimetableFixtures.sellAll(client.application, runID: try WaitlistFixtures.runID(client), seatClass: .second, from: 0, to: 2)
        let page = try WaitlistFixtures.waitlistPage(with: client)
        XCTAssertEqual(page.status, .ok)
        let holder = try LockHolder(on: client.application, "LOCK TABLE runs IN ACCESS EXCLUSIVE MODE")
        let busy = try client.get(page.target)
        holder.release()
        XCTAssertEqual(busy.status, .serviceUnavailable)
        XCTAssertEqual(busy.headers["Retry-After"], "2")
    }

    func testAPageWhoseCartIsLockedIsAskedToTryAgainRatherThanShownWithoutIt() throws {
        let client = try ShopFixtures.client()
        defer { client.application.shutdown() }
        let noodles = try ShopFixtures.productID("牛肉面", client)
        _ = try ShopFixtures.add(noodles, on: try client.get("/shop/g101"), with: client)
        XCTAssertEqual(try client.get("/").document().node("//header//a[@data-cart-count]")?.attribute("data-cart-count"), "1")
        let holder = try LockHolder(on: client.application, "LOCK TABLE carts IN ACCESS EXCLUSIVE MODE")
        let busy = try client.get("/")
        holder.release()
        XCTAssertEqual(busy.status, .serviceUnavailable)
        XCTAssertEqual(busy.headers["Retry-After"], "2")
    }
}
