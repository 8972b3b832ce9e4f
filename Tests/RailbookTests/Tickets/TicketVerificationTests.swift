import HTMLTesting
import HTTP
import Secrets
import XCTest

@testable import Railbook

final class TicketVerificationTests: XCTestCase {
    /// An issued ticket's id and the reference printed on its e-ticket.
    private func issuedReference(_ client: TestClient) throws -> (Int64, String) {
        let number = try TicketFixtures.bookOrder(with: client)
        try TicketFixtures.markPaid(number, in: client.application)
        let id = try XCTUnwrap(try TicketFixtures.ticketIDs(number, in: client.application).first)
        let reference = try XCTUnwrap(try client.get("/tickets/\(id)").document().text("//code[@class='eticket__reference']"))
        return (id, reference)
    }

    func testStaffWithoutALoginSeeAGenuineTicketsStatusButNoPersonalData() throws {
        let client = try BookingFixtures.traveller()
        let (id, reference) = try issuedReference(client)
        let staff = TestClient(application: client.application)
        let form = try staff.get("/tickets/verify")
        XCTAssertNil(try form.document().node("//*[@data-valid]"))
        var fields = try form.document().form(action: "/tickets/verify")
        try fields.fill("ref", reference)
        let answer = try staff.submit(fields, from: form)
        XCTAssertEqual(answer.status, .ok)
        let result = try XCTUnwrap(try answer.document().node("//div[@data-valid]"))
        XCTAssertEqual(result.attribute("data-valid"), "true")
        XCTAssertEqual(result.attribute("data-ticket"), String(id))
        XCTAssertEqual(result.attribute("data-status"), "issued")
        XCTAssertEqual(result.attribute("data-train"), "G101")
        XCTAssertFalse(answer.text.contains("李雷"))
        XCTAssertFalse(answer.text.contains(String(AccountFixtures.residentID().suffix(4))))

        _ = try client.application.database.write { try $0.run("UPDATE tickets SET status = 'refunded' WHERE id = ?", [id]) }
        let refunded = try staff.get("/tickets/verify?ref=" + PercentEncoding.encode(reference)).document()
        XCTAssertEqual(refunded.node("//div[@data-valid]")?.attribute("data-status"), "refunded")
        XCTAssertEqual(refunded.node("//div[@data-valid]")?.attribute("data-valid"), "true")
    }

    func testForgedTamperedAndMalformedReferencesAreRefused() throws {
        let client = try BookingFixtures.traveller()
        let (id, reference) = try issuedReference(client)
        var fields = reference.split(separator: ":").map(String.init)
        fields[4] = String((Int(fields[4]) ?? 0) + 1)
        let tampered = fields.joined(separator: ":")
        let payload = "RB1:\(id):\(fields[2]):\(fields[3]):\(fields[4])"
        let forged = payload + ":" + HMACKey.generate().sign(payload)
        let padded = reference.replacingOccurrences(of: "RB1:\(id):", with: "RB1:0\(id):")
        for text in [
            tampered, forged, padded, "hello", "RB1:1:2:3:4", reference + ":x", String(repeating: "A", count: 5000),
            reference.replacingOccurrences(of: "RB1", with: "RB2"),
        ] {
            let response = try client.get("/tickets/verify?ref=" + PercentEncoding.encode(text))
            XCTAssertEqual(response.status, .ok)
            let result = try response.document().node("//div[@data-valid]")
            XCTAssertEqual(result?.attribute("data-valid"), "false", text)
            XCTAssertEqual(result?.attribute("role"), "alert")
        }
        let signedButStale = payload + ":" + client.application.keys.tickets.sign(payload)
        let stale = try client.get("/tickets/verify?ref=" + PercentEncoding.encode(signedButStale)).document()
        XCTAssertEqual(stale.node("//div[@data-valid]")?.attribute("data-valid"), "false")
        XCTAssertEqual(stale.text("//div[@data-valid]"), "此验证码由 Railbook 签发，但已不对应任何车票。")
    }

    func testReferencesRoundTripOnlyInTheirCanonicalForm() throws {
        let key = HMACKey.generate()
        let reference = TicketReference(ticketID: 42, runID: 7, coachNumber: 5, seatIndex: 61)
        let text = reference.signed(with: key)
        XCTAssertTrue(text.hasPrefix("RB1:42:7:5:61:"))
        XCTAssertEqual(TicketReference.verified(text, key: key), reference)
        XCTAssertNil(TicketReference.verified(text, key: HMACKey.generate()))
        XCTAssertNil(TicketReference.verified(text.replacingOccurrences(of: ":7:", with: ":+7:"), key: key))
        XCTAssertNil(TicketReference.verified(text.replacingOccurrences(of: ":7:", with: ":07:"), key: key))
        XCTAssertNil(TicketReference.verified(String(text.dropLast()), key: key))
    }
}
