import HTMLTesting
import XCTest

final class HTMLDocumentParsingTests: XCTestCase {
    func testValidHTML5PageParsesWithoutProblems() throws {
        let html = """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><title>Trains</title><link rel="stylesheet" href="/app.css"></head>
            <body>
            <header><nav><ul><li><a href="/">Home</a></li></ul></nav></header>
            <main>
              <section><article><h1>Zürich → 上海</h1><p>Leaves at <time datetime="2024-05-01T08:00">08:00</time>.</p></article></section>
              <label for="station">Station</label>
              <input id="station" name="station" list="stations">
              <datalist id="stations"><option value="Bern"></option><option value="Basel"></option></datalist>
              <figure><img src="/map.png" alt="Map"><figcaption>Route</figcaption></figure>
              <details><summary>More</summary><p>&copy; &nbsp; &hellip;</p></details>
              <svg viewBox="0 0 10 10" aria-hidden="true"><path d="M0 0L10 10"/><circle r="1"/></svg>
              <template><p>later</p></template>
            </main>
            <footer><p>2024</p></footer>
            <script>if (a < b && c > d) { go(); }</script>
            </body>
            </html>
            """
        let document = try HTMLDocument(html: html)
        XCTAssertEqual(document.text("//h1"), "Zürich → 上海")
        XCTAssertEqual(document.count("//datalist/option"), 2)
        XCTAssertEqual(document.node("//time")?.attribute("datetime"), "2024-05-01T08:00")
    }

    func testBytesAndStringParseTheSame() throws {
        let html = TestPages.page("<p>one</p>")
        let fromBytes = try HTMLDocument(html: Array(html.utf8))
        XCTAssertEqual(fromBytes.text("//main/p"), "one")
    }

    func testStrayEndTagFailsNamingItsLine() {
        let problems = TestPages.problems(in: TestPages.page("<p>fine</p>\n<p>text</p></div>"))
        XCTAssertEqual(problems.map(\.rule), [.balancedTags])
        XCTAssertEqual(problems.first?.line, 7)
        XCTAssertTrue(problems.first?.message.contains("</div>") == true, "\(problems)")
    }

    func testUnclosedElementFailsNamingTheLineItOpens() {
        let problems = TestPages.problems(in: TestPages.page("<div>\n<span>never closed\n</div>"))
        XCTAssertEqual(problems.map(\.rule), [.balancedTags])
        XCTAssertEqual(problems.first?.line, 7)
        XCTAssertTrue(problems.first?.message.contains("<span> opened on line 7") == true, "\(problems)")
    }

    func testElementOpenAtTheEndFails() {
        let problems = TestPages.problems(in: "<div><p>x</p>", checks: .parseOnly)
        XCTAssertEqual(problems.map(\.message), ["<div> opened on line 1 is never closed"])
    }

    func testMismatchedInlineTagsFail() {
        let problems = TestPages.problems(in: TestPages.page("<p><b><i>x</b></i></p>"))
        XCTAssertFalse(problems.isEmpty)
        XCTAssertTrue(problems.allSatisfy { $0.line == 6 }, "\(problems)")
    }

    func testLibXMLSyntaxErrorsAreAllReported() {
        let html = TestPages.page("<p>fish & chips</p>\n<p id=\"a\" id=\"b\">twice</p>")
        let problems = TestPages.problems(in: html)
        XCTAssertEqual(problems.map(\.rule), [.syntax, .syntax])
        XCTAssertEqual(problems.map(\.line), [6, 7])
    }

    func testErrorDescriptionQuotesTheSourceLine() {
        do {
            _ = try HTMLDocument(html: TestPages.page("<p>a</p></section>"))
            XCTFail("expected a MarkupError")
        } catch {
            let text = "\(error)"
            XCTAssertTrue(text.contains("line 6: [balancedTags] stray end tag </section>"), text)
            XCTAssertTrue(text.contains("| <p>a</p></section>"), text)
        }
    }

    func testSelfClosingHTMLElementFails() {
        let problems = TestPages.problems(in: "<div/>", checks: .parseOnly)
        XCTAssertEqual(problems.map(\.rule), [.balancedTags])
    }

    func testEmptyDocumentFails() {
        XCTAssertEqual(TestPages.problems(in: "", checks: .parseOnly).map(\.rule), [.syntax])
    }

    func testFragmentParsesWithParseOnly() throws {
        let document = try HTMLDocument(html: "<ul><li>a</li><li>b</li></ul>", checks: .parseOnly)
        XCTAssertEqual(document.count("//li"), 2)
    }

    func testCommentsQuotedAttributesAndScriptsDoNotConfuseTagBalance() throws {
        let body = "<!-- <div> in a comment -->\n<p title=\"a > b </p>\">x</p>\n<script>var open = \"<div>\";</script>"
        let document = try HTMLDocument(html: body, checks: .parseOnly)
        XCTAssertEqual(document.node("//p")?.attribute("title"), "a > b </p>")
    }
}
