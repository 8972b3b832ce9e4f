import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// The book page's "add a passenger" part keeps everything typed into it when the booking is sent
/// back, with the message next to the field it is about.
final class BookPageNewPassengerTests: XCTestCase {
    private func fillNewPassenger(_ form: inout HTMLForm, number: String, certificateType: String = "passport") throws {
        try form.fill("new_name", "韩梅梅")
        try form.fill("new_certificate_type", certificateType)
        try form.fill("new_certificate_number", number)
        try form.fill("new_passenger_type", "child")
    }

    private func assertTypedValuesKept(
        _ document: HTMLDocument, number: String, certificateType: String = "passport",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(document.node("//input[@name='new_name']")?.attribute("value"), "韩梅梅", file: file, line: line)
        XCTAssertEqual(
            document.node("//select[@name='new_certificate_type']/option[@selected]")?.attribute("value"), certificateType,
            file: file, line: line)
        XCTAssertEqual(document.node("//input[@name='new_certificate_number']")?.attribute("value"), number, file: file, line: line)
        XCTAssertEqual(
            document.node("//select[@name='new_passenger_type']/option[@selected]")?.attribute("value"), "child",
            file: file, line: line)
    }

    func testAWrongDocumentNumberKeepsEveryTypedValueWithTheMessageByTheField() throws {
        let client = try BookingFixtures.traveller()
        let page = try BookingFixtures.bookPage(with: client)
        var form = try page.document().form(action: "/orders")
        try fillNewPassenger(&form, number: "AB1")
        let sent = try client.submit(form, from: page)
        XCTAssertEqual(sent.status, .unprocessableContent)
        let document = try sent.document()
        assertTypedValuesKept(document, number: "AB1")
        let input = try XCTUnwrap(document.node("//input[@name='new_certificate_number']"))
        XCTAssertEqual(input.attribute("aria-invalid"), "true")
        let errorID = try XCTUnwrap(input.attribute("aria-describedby")?.split(separator: " ").last.map(String.init))
        XCTAssertEqual(document.text("//*[@id='\(errorID)'][@class='field-error']"), "护照号码为 5–17 位字母和数字。")
        XCTAssertEqual(try client.application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM passengers")!.int("n") }, 1)
    }

    func testARefusedBookingKeepsTheNewPassengerTyped() throws {
        let client = try BookingFixtures.traveller()
        let page = try BookingFixtures.bookPage(with: client)
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: ChinaTime.today().adding(days: 1))
        try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: .second, from: 0, to: 2)
        var form = try page.document().form(action: "/orders")
        let child = AccountFixtures.residentID(birth: "20160307", sequence: "224") // a child's ticket needs a known age
        try fillNewPassenger(&form, number: child, certificateType: "resident_id")
        let sent = try client.submit(form, from: page)
        XCTAssertEqual(sent.status, .conflict)
        assertTypedValuesKept(try sent.document(), number: child, certificateType: "resident_id")
        XCTAssertEqual(
            try client.application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM passengers")!.int("n") }, 1,
            "nothing saved")
    }
}
