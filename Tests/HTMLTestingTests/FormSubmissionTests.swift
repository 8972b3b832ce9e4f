import HTMLTesting
import XCTest

final class FormSubmissionTests: XCTestCase {
    private let orderPage = TestPages.page(
        """
        <form method="post" action="/orders">
          <input type="hidden" name="csrf" value="abc">
          <label>Passenger <input name="passenger" value="张 伟 &amp; Co = 1"></label>
          <label>Note <textarea name="note">a+b
        c~d</textarea></label>
          <button type="submit" name="intent" value="pay">Pay</button>
          <button type="submit" name="intent" value="cancel" formaction="/orders/cancel">Cancel</button>
          <input type="submit" name="preview" value="Preview it" formmethod="get">
          <button type="submit" name="gone" value="x" disabled>Gone</button>
        </form>
        """)

    func testURLEncodedBodyEscapesEverythingButUnreservedCharacters() throws {
        let submission = try HTMLDocument(html: orderPage).form().submission()
        XCTAssertEqual(submission.method, "POST")
        XCTAssertEqual(submission.action, "/orders")
        XCTAssertEqual(
            submission.fields,
            [
                FormField(name: "csrf", value: "abc"),
                FormField(name: "passenger", value: "张 伟 & Co = 1"),
                FormField(name: "note", value: "a+b\nc~d"),
            ])
        XCTAssertEqual(
            submission.urlencoded,
            "csrf=abc&passenger=%E5%BC%A0+%E4%BC%9F+%26+Co+%3D+1&note=a%2Bb%0D%0Ac~d"
        )
    }

    func testPressingAButtonAddsItsNameAndValueInPlace() throws {
        let form = try HTMLDocument(html: orderPage).form()
        let pay = try form.submission(button: "intent", value: "pay")
        XCTAssertEqual(pay.fields.map(\.description), ["csrf=abc", "passenger=张 伟 & Co = 1", "note=a+b\nc~d", "intent=pay"])
        XCTAssertEqual(pay.action, "/orders")
    }

    func testButtonOverridesActionAndMethod() throws {
        let form = try HTMLDocument(html: orderPage).form()
        XCTAssertEqual(try form.submission(button: "intent", value: "cancel").action, "/orders/cancel")
        let preview = try form.submission(button: "preview")
        XCTAssertEqual(preview.method, "GET")
        XCTAssertEqual(preview.fields.last, FormField(name: "preview", value: "Preview it"))
        XCTAssertTrue(preview.urlencoded.hasSuffix("&preview=Preview+it"), preview.urlencoded)
    }

    func testUnknownAmbiguousOrDisabledButtonsThrow() throws {
        let form = try HTMLDocument(html: orderPage).form()
        XCTAssertThrowsError(try form.submission(button: "pay")) { error in
            XCTAssertTrue("\(error)".contains("\"intent=pay\""), "lists the buttons: \(error)")
        }
        XCTAssertThrowsError(try form.submission(button: "intent")) { error in
            XCTAssertEqual(error as? FormError, .ambiguous(name: "intent", values: ["pay", "cancel"]))
        }
        XCTAssertThrowsError(try form.submission(button: "gone"))
    }

    func testFilledValuesAreSubmitted() throws {
        var form = try HTMLDocument(html: orderPage).form()
        try form.fill("passenger", "Anna-Lena O'Brien")
        let submission = try form.submission(button: "intent", value: "pay")
        XCTAssertEqual(submission.urlencoded, "csrf=abc&passenger=Anna-Lena+O%27Brien&note=a%2Bb%0D%0Ac~d&intent=pay")
    }

    func testEncodeTakesPlainPairs() {
        XCTAssertEqual(FormSubmission.encode([("q", "北京 南"), ("a&b", "c=d")]), "q=%E5%8C%97%E4%BA%AC+%E5%8D%97&a%26b=c%3Dd")
        XCTAssertEqual(FormSubmission.encode([]), "")
    }
}
