import HTMLTesting
import XCTest

final class MarkupRulesTests: XCTestCase {
    func testLanguageIsRequired() throws {
        let missing = TestPages.page("<p>x</p>").replacingOccurrences(of: " lang=\"zh-CN\"", with: "")
        XCTAssertEqual(TestPages.problems(in: missing).map(\.rule), [.language])
        let blank = TestPages.page("<p>x</p>").replacingOccurrences(of: "lang=\"zh-CN\"", with: "lang=\" \"")
        XCTAssertEqual(TestPages.problems(in: blank).map(\.rule), [.language])
        XCTAssertNoThrow(try HTMLDocument(html: TestPages.page("<p>x</p>")))
    }

    func testTitleMustBeOneAndNonEmpty() {
        XCTAssertEqual(TestPages.problems(in: TestPages.page("<p>x</p>", title: " ")).map(\.rule), [.title])
        let none = TestPages.page("<p>x</p>").replacingOccurrences(of: "<title>Railbook</title>", with: "")
        XCTAssertEqual(TestPages.problems(in: none).map(\.rule), [.title])
        let twice = TestPages.page("<p>x</p>").replacingOccurrences(of: "</title>", with: "</title><title>Again</title>")
        XCTAssertEqual(TestPages.problems(in: twice).map(\.rule), [.title])
    }

    func testTitleInsideSVGDoesNotCount() throws {
        XCTAssertNoThrow(try HTMLDocument(html: TestPages.page("<svg aria-label=\"logo\"><title>Logo</title></svg>")))
    }

    func testIDsMustBeUnique() throws {
        let problems = TestPages.problems(in: TestPages.page("<p id=\"fare\">1</p>\n<div id=\"fare\">2</div>"))
        XCTAssertEqual(problems.map(\.rule), [.uniqueIDs])
        XCTAssertEqual(problems.first?.line, 7)
        XCTAssertEqual(problems.first?.message, "<div id=\"fare\"> reuses id \"fare\" of <p id=\"fare\"> on line 6")
        XCTAssertNoThrow(try HTMLDocument(html: TestPages.page("<p id=\"fare\">1</p><div id=\"total\">2</div>")))
    }

    func testPostFormsNeedACSRFToken() throws {
        let noToken = TestPages.page("<form method=\"POST\" action=\"/pay\"><button>Pay</button></form>")
        let problems = TestPages.problems(in: noToken)
        XCTAssertEqual(problems.map(\.rule), [.csrfTokens])
        XCTAssertTrue(problems.first?.message.contains("<form method=\"POST\" action=\"/pay\">") == true)
        let emptyToken = TestPages.page("<form method=\"post\"><input type=\"hidden\" name=\"csrf\" value=\"\"></form>")
        XCTAssertEqual(TestPages.problems(in: emptyToken).map(\.rule), [.csrfTokens])
        let visibleToken = TestPages.page("<form method=\"post\"><label>T <input name=\"csrf\" value=\"t\"></label></form>")
        XCTAssertEqual(TestPages.problems(in: visibleToken).map(\.rule), [.csrfTokens])
        let good = TestPages.page("<form method=\"post\"><input type=\"hidden\" name=\"csrf\" value=\"t\"></form>")
        XCTAssertNoThrow(try HTMLDocument(html: good))
        XCTAssertNoThrow(try HTMLDocument(html: TestPages.page("<form method=\"get\"><button>Go</button></form>")))
    }

    func testImagesNeedAlt() throws {
        let problems = TestPages.problems(in: TestPages.page("<img src=\"/logo.png\">"))
        XCTAssertEqual(problems.map(\.rule), [.imageAlternatives])
        XCTAssertTrue(problems.first?.message.contains("src=\"/logo.png\"") == true)
        XCTAssertNoThrow(try HTMLDocument(html: TestPages.page("<img src=\"/line.png\" alt=\"\">")))
    }

    func testControlsNeedLabels() throws {
        let problems = TestPages.problems(
            in: TestPages.page(
                """
                <input name="from">
                <select id="to" name="to"><option>Bern</option></select>
                <textarea name="note"></textarea>
                """))
        XCTAssertEqual(problems.map(\.rule), [.labels, .labels, .labels])
        XCTAssertEqual(problems.map(\.line), [6, 7, 8])
        XCTAssertEqual(problems.first?.message.hasPrefix("<input name=\"from\"> has no label"), true)
    }

    func testLabelledControlsPass() throws {
        XCTAssertNoThrow(
            try HTMLDocument(
                html: TestPages.page(
                    """
                    <label for="from">From</label><input id="from" name="from">
                    <label>To <select name="to"><option>Bern</option></select></label>
                    <textarea name="note" aria-label="Note"></textarea>
                    <input type="hidden" name="h" value="1"><input type="submit" value="Go"><input type="button" value="B">
                    """)))
    }

    func testParseOnlySkipsThePageRules() throws {
        let document = try HTMLDocument(html: "<form method=\"post\"><input name=\"x\"><img src=\"a\"></form>", checks: .parseOnly)
        XCTAssertEqual(document.count("//input"), 1)
    }

    func testChecksCanBeChosenOneByOne() throws {
        let html = TestPages.page("<img src=\"a.png\"><input name=\"q\">")
        XCTAssertEqual(TestPages.problems(in: html, checks: [.imageAlternatives]).map(\.rule), [.imageAlternatives])
        XCTAssertNoThrow(try HTMLDocument(html: html, checks: [.language, .title]))
    }

    func testAllProblemsAreReportedTogetherInLineOrder() {
        let html = TestPages.page("<img src=\"a.png\">\n<input name=\"q\">\n<p id=\"a\"></p><p id=\"a\"></p>", title: "")
        XCTAssertEqual(TestPages.problems(in: html).map(\.rule), [.title, .imageAlternatives, .labels, .uniqueIDs])
    }
}
