import Mustache
import XCTest

final class EscapingTests: XCTestCase {
    private let dangerous: MustacheValue = ["text": #"<a href="x">Tom & Jerry's</a>"#]

    func testVariablesEscapeAllFiveHTMLCharacters() throws {
        XCTAssertEqual(try render("{{text}}", dangerous), "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    }

    func testTripleMustacheAndAmpersandWriteRawText() throws {
        XCTAssertEqual(try render("{{{text}}}|{{& text}}", dangerous), #"<a href="x">Tom & Jerry's</a>|<a href="x">Tom & Jerry's</a>"#)
    }

    func testEscapingKeepsOtherCharactersIntact() throws {
        let context: MustacheValue = ["text": "Zürich → Genève, 10 €"]
        XCTAssertEqual(try render("{{text}}", context), "Zürich → Genève, 10 €")
    }

    func testEscapesEveryOccurrenceAndTheEdges() throws {
        XCTAssertEqual(try render("[{{text}}]", ["text": "&&<>"]), "[&amp;&amp;&lt;&gt;]")
        XCTAssertEqual(try render("[{{text}}]", ["text": "'"]), "[&#39;]")
    }

    func testImplicitIteratorIsEscaped() throws {
        XCTAssertEqual(try render("{{#list}}{{.}},{{/list}}", ["list": ["<b>", "\""]]), "&lt;b&gt;,&quot;,")
    }

    func testLiteralTemplateTextIsNeverEscaped() throws {
        XCTAssertEqual(try render("<p class='note'>&amp;</p>"), "<p class='note'>&amp;</p>")
    }
}
