import HTMLTesting
import HTTP
@testable import Railbook
import XCTest

/// Record ids in paths are 1–18 digits on every route: a sign, a space or an overflow is a 404,
/// not another spelling of the same record.
final class RecordIDTests: XCTestCase {
    func testOnlyPlainDigitsNameARecord() {
        var context = AppContext()
        for (text, expected) in [("7", Int64(7)), ("000123", 123), ("999999999999999999", 999_999_999_999_999_999)] {
            context.parameters = ["id": text]
            XCTAssertEqual(context.recordID(), expected, text)
        }
        for text in ["", "+7", "-7", " 7", "7 ", "0x7", "7.0", "１２", "9999999999999999999"] {
            context.parameters = ["id": text]
            XCTAssertNil(context.recordID(), text)
        }
        context.parameters = ["productID": "12"]
        XCTAssertEqual(context.recordID("productID"), 12)
        XCTAssertNil(context.recordID())
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
