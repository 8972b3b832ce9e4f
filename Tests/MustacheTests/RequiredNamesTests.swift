import Mustache
import XCTest

final class RequiredNamesTests: XCTestCase {
    private let library = try! TemplateLibrary(sources: [
        "layout": "<title>{{title}}</title>{{$content}}{{/content}}",
        "page": "{{<layout}}{{$content}}{{#items}}<li>{{name}} {{price}}</li>{{/items}}{{^items}}{{empty}}{{/items}}{{/content}}{{/layout}}",
        "_row": "<td>{{cell}}</td>",
        "table": "{{#rows}}{{> _row}}{{/rows}}",
    ])

    private func text(_ name: String, _ values: MustacheValue) throws -> String {
        String(decoding: try library.render(name, values, requiringNames: true), as: UTF8.self)
    }

    func testAViewModelWithEveryNameRenders() throws {
        let values: MustacheValue = .object([
            "title": .string("T"), "price": .int(3),
            "items": .list([.object(["name": .string("a")])]),
        ])
        XCTAssertEqual(try text("page", values), "<title>T</title><li>a 3</li>", "a name may come from an outer value")
        XCTAssertEqual(
            try text("page", .object(["title": .null, "items": .list([]), "empty": .string("none")])),
            "<title></title>none", "a name set to null is provided; a section may name an absent value")
    }

    func testAMissingNameIsAnErrorNamingTheTemplateItIsIn() throws {
        XCTAssertThrowsError(try text("page", .object(["items": .list([.object(["name": .string("a"), "price": .int(1)])])]))) { error in
            XCTAssertEqual((error as? TemplateError)?.reason, .missingName("title"))
            XCTAssertEqual((error as? TemplateError)?.template, "layout")
        }
        XCTAssertThrowsError(try text("table", .object(["rows": .list([.object([:])])]))) { error in
            XCTAssertEqual(String(describing: error), "_row: the values have no \"cell\"")
        }
        XCTAssertEqual(
            String(decoding: try library.render("table", .object(["rows": .list([.object([:])])])), as: UTF8.self),
            "<td></td>", "without the check a missing name renders as nothing")
    }
}
