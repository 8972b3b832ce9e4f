import HTMLTesting
import XCTest

final class HTMLFormTests: XCTestCase {
    /// A booking form with one control of every kind.
    private let bookingPage = TestPages.page(
        """
        <form method="post" action="/bookings">
          <input type="hidden" name="csrf" value="token-123">
          <label>Name <input type="text" name="name" value="Li Wei"></label>
          <label>Password <input type="password" name="password"></label>
          <label>Email <input type="email" name="email" value="li@example.cn"></label>
          <label>Date <input type="date" name="date" value="2024-05-01"></label>
          <label>Seats <input type="number" name="seats" value="2"></label>
          <label>Window <input type="checkbox" name="window" checked></label>
          <label>Quiet <input type="checkbox" name="quiet" value="yes"></label>
          <label>First <input type="radio" name="class" value="first"></label>
          <label>Second <input type="radio" name="class" value="second" checked></label>
          <label>Meal <select name="meal"><option value="none">None</option><option value="veg" selected>Vegetarian</option></select></label>
          <label>Coach <select name="coach"><option>A</option><option>B</option></select></label>
          <label>Extras <select name="extras" multiple><option value="bike" selected>Bike</option><option value="dog">Dog</option><option value="pram" selected>Pram</option></select></label>
          <label>Note <textarea name="note">
        Aisle, please</textarea></label>
          <label>Code <input type="text" name="code" value="X" disabled></label>
          <label>Fixed <input type="text" name="fixed" value="F" readonly></label>
          <input type="submit" name="action" value="book">
          <button type="submit" name="action" value="hold">Hold</button>
          <button type="reset">Reset</button>
        </form>
        """)

    func testFieldsAreTheSuccessfulControlsInDocumentOrder() throws {
        let form = try HTMLDocument(html: bookingPage).form()
        XCTAssertEqual(form.method, "POST")
        XCTAssertEqual(form.action, "/bookings")
        XCTAssertEqual(form.enctype, "application/x-www-form-urlencoded")
        XCTAssertEqual(
            form.fields.map { "\($0.name)=\($0.value)" },
            [
                "csrf=token-123", "name=Li Wei", "password=", "email=li@example.cn", "date=2024-05-01",
                "seats=2", "window=on", "class=second", "meal=veg", "coach=A", "extras=bike", "extras=pram",
                "note=Aisle, please", "fixed=F",
            ])
    }

    func testValueReadsSubmittedValuesOnly() throws {
        let form = try HTMLDocument(html: bookingPage).form()
        XCTAssertEqual(form.value("csrf"), "token-123")
        XCTAssertEqual(form.value("window"), "on")
        XCTAssertNil(form.value("quiet"))
        XCTAssertNil(form.value("code"), "disabled controls are not submitted")
        XCTAssertNil(form.value("action"), "buttons are not submitted unless pressed")
    }

    func testFillTypesIntoTextFieldsTextareasAndSelects() throws {
        var form = try HTMLDocument(html: bookingPage).form()
        try form.fill("name", "王 芳")
        try form.fill("note", "Two\nlines")
        try form.fill("meal", "none")
        try form.fill("coach", "B")
        try form.fill("csrf", "tampered")
        XCTAssertEqual(form.value("name"), "王 芳")
        XCTAssertEqual(form.value("note"), "Two\nlines")
        XCTAssertEqual(form.value("meal"), "none")
        XCTAssertEqual(form.value("coach"), "B")
        XCTAssertEqual(form.value("csrf"), "tampered")
    }

    func testFillChoosesAnOptionByItsLabelToo() throws {
        var form = try HTMLDocument(html: bookingPage).form()
        try form.fill("meal", "None")
        XCTAssertEqual(form.value("meal"), "none")
    }

    func testFillOnAMissingFieldThrowsListingTheNames() throws {
        var form = try HTMLDocument(html: bookingPage).form()
        XCTAssertThrowsError(try form.fill("nmae", "x")) { error in
            guard case FormError.noControl(let name, let available) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "nmae")
            XCTAssertTrue(available.contains("name"))
            XCTAssertTrue("\(error)".contains("no control named \"nmae\""), "\(error)")
        }
    }

    func testFillWithAnUnknownOptionThrows() throws {
        var form = try HTMLDocument(html: bookingPage).form()
        XCTAssertThrowsError(try form.fill("meal", "fish")) { error in
            XCTAssertEqual(error as? FormError, .unknownOption(name: "meal", value: "fish", options: ["none", "veg"]))
        }
        XCTAssertEqual(form.value("meal"), "veg")
    }

    func testFillRefusesCheckboxesDisabledAndReadOnlyControls() throws {
        var form = try HTMLDocument(html: bookingPage).form()
        XCTAssertThrowsError(try form.fill("window", "on"))
        XCTAssertThrowsError(try form.fill("code", "Y"))
        XCTAssertThrowsError(try form.fill("fixed", "G"))
    }

    func testCheckAndUncheckCheckboxes() throws {
        var form = try HTMLDocument(html: bookingPage).form()
        try form.check("quiet")
        try form.uncheck("window")
        XCTAssertEqual(form.value("quiet"), "yes")
        XCTAssertNil(form.value("window"))
        XCTAssertThrowsError(try form.check("name"))
        XCTAssertThrowsError(try form.check("nothing"))
    }

    func testCheckingARadioButtonUnchecksItsGroup() throws {
        var form = try HTMLDocument(html: bookingPage).form()
        try form.check("class", value: "first")
        XCTAssertEqual(form.fields.filter { $0.name == "class" }.map(\.value), ["first"])
        XCTAssertThrowsError(try form.check("class"), "two radio buttons share the name") { error in
            XCTAssertEqual(error as? FormError, .ambiguous(name: "class", values: ["first", "second"]))
        }
        XCTAssertThrowsError(try form.check("class", value: "third"))
    }

    func testSelectWithoutSelectionSubmitsFirstEnabledOption() throws {
        let html = TestPages.page(
            """
            <form action="/search"><label>Time <select name="time"><option disabled>--</option><option value="am">AM</option></select></label></form>
            """)
        XCTAssertEqual(try HTMLDocument(html: html).form().value("time"), "am")
    }

    func testDisabledFieldsetDisablesItsControls() throws {
        let html = TestPages.page(
            """
            <form action="/search"><fieldset disabled><legend>Old</legend><label>From <input name="from" value="Bern"></label></fieldset></form>
            """)
        XCTAssertTrue(try HTMLDocument(html: html).form().fields.isEmpty)
    }

    func testGetFormDefaultsAndControlsOutsideTheForm() throws {
        let html = TestPages.page(
            """
            <form id="search"><label>From <input name="from" value="Bern"></label></form>
            <label>To <input name="to" value="Basel" form="search"></label>
            <label>Other <input name="other" value="x"></label>
            """)
        let form = try HTMLDocument(html: html).form()
        XCTAssertEqual(form.method, "GET")
        XCTAssertEqual(form.action, "")
        XCTAssertEqual(form.fields.map(\.name), ["from", "to"])
    }

    func testFindingForms() throws {
        let html = TestPages.page(
            """
            <form method="post" action="/login"><input type="hidden" name="csrf" value="t"><label>User <input name="user"></label></form>
            <form method="get" action="/search"><label>Q <input name="q"></label></form>
            """)
        let document = try HTMLDocument(html: html)
        XCTAssertEqual(try document.form(action: "/search").method, "GET")
        XCTAssertEqual(try document.form("//form[2]").action, "/search")
        XCTAssertEqual(try document.form().action, "/login")
        XCTAssertThrowsError(try document.form(action: "/logout")) { error in
            XCTAssertEqual(error as? FormError, .noFormWithAction("/logout", available: ["/login", "/search"]))
        }
        XCTAssertThrowsError(try document.form("//form[@id='missing']"))
        XCTAssertThrowsError(try document.form("//input[@name='q']")) { error in
            XCTAssertTrue("\(error)".contains("not a <form>"), "\(error)")
        }
    }

    func testFormIsAValueCopy() throws {
        let original = try HTMLDocument(html: bookingPage).form()
        var copy = original
        try copy.fill("name", "Zhang")
        XCTAssertEqual(original.value("name"), "Li Wei")
    }
}
