import HTMLTesting
import Storage
import XCTest

@testable import Railbook

/// Stored values no rule of Railbook writes, and arguments a controller should have checked, end
/// the request with the 500 page instead of being taken for data (or stopping the server).
final class StoredValueChecksTests: XCTestCase {
    func testADamagedSeatMapSellsNoSeat() throws {
        let client = try BookingFixtures.traveller()
        let page = try BookingFixtures.bookPage(with: client)
        _ = try client.application.database.write { try $0.run("UPDATE run_coaches SET occupancy = ?", [[UInt8]([1, 2, 3])]) }
        client.application.railway.inventory.forgetAll()
        let answer = try BookingFixtures.book(page, with: client)
        XCTAssertEqual(answer.status, .internalServerError)
        let tickets = try client.application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM tickets")?.int("n") }
        XCTAssertEqual(tickets, 0, "no seat was sold from a seat map that could not be read")
    }

    func testAnOccupancyBlobOfTheWrongLengthIsAnError() throws {
        XCTAssertEqual(try OccupancyBlob.decode([], seatCount: 2), [0, 0], "empty means every seat free")
        XCTAssertEqual(try OccupancyBlob.decode(OccupancyBlob.encode([1, 0]), seatCount: 2), [1, 0])
        XCTAssertThrowsError(try OccupancyBlob.decode([1, 2, 3], seatCount: 2)) { error in
            XCTAssertEqual(String(describing: error), "corrupt value in run_coaches.occupancy: 3 bytes for 2 seats")
        }
    }

    func testAnUnknownStoredStatusIsAnErrorNamingTheColumn() throws {
        let client = try BookingFixtures.traveller()
        let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), with: client)
        _ = try client.application.database.write { try $0.run("UPDATE orders SET status = 'mislaid'") }
        XCTAssertEqual(try client.get(order.target).status, .internalServerError)
        XCTAssertThrowsError(try client.application.database.read { try Order.find(id: 1, in: $0) }) { error in
            XCTAssertEqual((error as? RowDecodingError)?.message, "column \"status\" holds text that names no Status")
        }
    }

    func testARunStatusThatNamesNoCaseIsAnErrorNotAScheduledRun() throws {
        let client = try BookingFixtures.traveller()
        let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), with: client)
        XCTAssertEqual(try client.get(order.target).status, .ok)
        _ = try client.application.database.write { try $0.run("UPDATE runs SET status = 'mislaid'") }
        XCTAssertEqual(try client.get(order.target).status, .internalServerError, "the order page does not take the run for running")
        XCTAssertThrowsError(try client.application.database.read { try TicketTrip.runs(of: try Ticket.all(orderID: 1, in: $0), in: $0) }) { error in
            XCTAssertEqual((error as? RowDecodingError)?.message, "column \"status\" holds text that names no RunStatus")
        }
    }

    func testAnUncheckedArgumentIsAnErrorNotAStop() throws {
        let client = try BookingFixtures.traveller()
        XCTAssertThrowsError(
            try client.application.database.write { db in
                try PaymentStarter.start(purpose: .ticketOrder, subjectID: 1, amountFen: 0, userID: 1, returnTo: "/", now: 0, in: db)
            }
        ) { error in
            XCTAssertEqual(String(describing: error), "unchecked argument: a payment needs a positive amount")
        }
        XCTAssertEqual(try client.get("/").status, .ok, "the site goes on")
    }
}
