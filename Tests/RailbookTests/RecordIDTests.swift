import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// Record ids in paths are 1–18 digits on every route: a sign, a space or an overflow is a 404,
/// not another spelling of the same record.
final class RecordIDTests: XCTestCase {
    func testOnlyPlainDigitsNameARecord() {
        for (text, expected) in [("7", Int64(7)), ("000123", 123), ("999999999999999999", 999_999_999_999_999_999)] {
            XCTAssertEqual(try Parameters([("id", text)]).require("id", as: Int64.self), expected, text)
        }
        for text in ["", "+7", "-7", " 7", "7 ", "0x7", "7.0", "１２", "9999999999999999999"] {
            XCTAssertThrowsError(try Parameters([("id", text)]).require("id", as: Int64.self), text) { error in
                XCTAssertEqual((error as? HTTPError)?.status, .notFound, text)
            }
        }
        let product: Parameters = ["productID": "12"]
        XCTAssertEqual(try product.require("productID", as: Int64.self), 12)
        XCTAssertThrowsError(try product.require("id", as: Int64.self))
        XCTAssertThrowsError(try Parameters([("number", "")]).require("number"), "an empty segment names nothing")
        XCTAssertEqual(try Parameters([("number", "E1")]).require("number"), "E1")
    }

    func testASignedTicketIDIsNotFoundWhileThePlainOneOpens() throws {
        let client = try BookingFixtures.traveller()
        let number = try TicketFixtures.bookOrder(with: client)
        try TicketFixtures.markPaid(number, in: client.application)
        let id = try XCTUnwrap(TicketFixtures.ticketIDs(number, in: client.application).first)
        XCTAssertEqual(try client.get("/tickets/\(id)").status, .ok)
        for path in ["/tickets/+\(id)", "/tickets/+\(id)/refund", "/me/passengers/+1/edit", "/me/addresses/-1/edit"] {
            XCTAssertEqual(try client.get(path).status, .notFound, path)
        }
    }
}
