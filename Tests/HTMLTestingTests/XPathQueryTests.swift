import HTMLTesting
import XCTest

final class XPathQueryTests: XCTestCase {
    private let html = TestPages.page(
        """
        <h1>  Journeys
           found </h1>
        <table id="results">
          <tr class="journey"><td>Bern</td><td><a href="/journeys/1">08:02</a></td></tr>
          <tr class="journey"><td>Basel</td><td><a href="/journeys/2">09:15</a></td></tr>
        </table>
        <p class="note">No <b>cheaper</b> fare.</p>
        """)

    func testCountTextAndAttribute() throws {
        let document = try HTMLDocument(html: html)
        XCTAssertEqual(document.count("//tr[@class='journey']"), 2)
        XCTAssertEqual(document.count("//form"), 0)
        XCTAssertEqual(document.text("//h1"), "Journeys found")
        XCTAssertEqual(document.text("//p[@class='note']"), "No cheaper fare.")
        XCTAssertEqual(document.node("(//a)[2]")?.attribute("href"), "/journeys/2")
        XCTAssertNil(document.node("//a")?.attribute("title"))
        XCTAssertNil(document.text("//h2"))
    }

    func testNodeNameLineChildrenAndParent() throws {
        let document = try HTMLDocument(html: html)
        let row = try XCTUnwrap(document.node("//tr[2]"))
        XCTAssertEqual(row.name, "tr")
        XCTAssertEqual(row.line, 10)
        XCTAssertEqual(row.children.map(\.name), ["td", "td"])
        XCTAssertEqual(row.children.first?.parent?.name, "tr")
        XCTAssertEqual(row.description, "<tr>")
    }

    func testQueriesRelativeToANode() throws {
        let document = try HTMLDocument(html: html)
        let rows = document.nodes("//tr")
        XCTAssertEqual(rows.map { $0.text("td[1]") }, ["Bern", "Basel"])
        XCTAssertEqual(rows.last?.node(".//a")?.text, "09:15")
        XCTAssertEqual(rows.first?.count("td"), 2)
    }

    func testAttributeAndTextNodesCanBeSelected() throws {
        let document = try HTMLDocument(html: html)
        XCTAssertEqual(document.nodes("//a/@href").map(\.text), ["/journeys/1", "/journeys/2"])
        XCTAssertEqual(document.nodes("//a/@href").first?.name, "href")
        XCTAssertEqual(document.nodes("//p/text()").map(\.text), ["No", "fare."])
    }

    func testBareAttributeReadsAsEmpty() throws {
        let document = try HTMLDocument(html: "<details open><summary>s</summary></details>", checks: .parseOnly)
        XCTAssertEqual(document.node("//details")?.attribute("open"), "")
    }

    func testNodesOutliveTheirDocumentVariable() throws {
        var nodes: [HTMLNode] = []
        do {
            let document = try HTMLDocument(html: html)
            nodes = document.nodes("//td")
        }
        XCTAssertEqual(nodes.map(\.text), ["Bern", "08:02", "Basel", "09:15"])
    }
}
