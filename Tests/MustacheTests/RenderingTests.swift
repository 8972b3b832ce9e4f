import Mustache
import XCTest

final class RenderingTests: XCTestCase {
    func testScalarValues() throws {
        let context: MustacheValue = ["int": -42, "zero": 0, "double": 1.21, "whole": 2.0, "yes": true, "no": false, "nothing": nil]
        XCTAssertEqual(try render("{{int}} {{zero}} {{double}} {{whole}} {{yes}} {{no}} [{{nothing}}]", context), "-42 0 1.21 2.0 true false []")
        XCTAssertEqual(try render("{{max}} {{min}}", ["max": .int(Int.max), "min": .int(Int.min)]), "\(Int.max) \(Int.min)")
    }

    func testListsAndObjectsInterpolateAsNothing() throws {
        XCTAssertEqual(try render("[{{list}}][{{object}}]", ["list": [1, 2], "object": ["a": 1]]), "[][]")
    }

    func testFalseValues() throws {
        let template = "{{#value}}yes{{/value}}{{^value}}no{{/value}}"
        let cases: [(MustacheValue, String)] = [
            (nil, "no"), (false, "no"), ("", "no"), ([], "no"),
            (true, "yes"), (0, "yes"), ("text", "yes"), ([:], "yes"), (0.0, "yes"),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(try render(template, ["value": value]), expected, "\(value)")
        }
    }

    func testRenderablesBuildValues() throws {
        let stops: [String] = ["Bern", "Zürich"]
        let platform: Int? = nil
        let context: MustacheValue = .object([
            "stops": stops.mustacheValue, "platform": platform.mustacheValue,
            "price": 12.5.mustacheValue, "late": true.mustacheValue, "count": 3.mustacheValue,
            "nested": [Optional("a"), nil].mustacheValue,
        ])
        XCTAssertEqual(
            try render("{{#stops}}{{.}} {{/stops}}{{^platform}}tba{{/platform}} {{price}} {{late}} {{count}} {{#nested}}<{{.}}>{{/nested}}", context),
            "Bern Zürich tba 12.5 true 3 <a><>"
        )
    }

    func testRenderIntoAppendsToTheBuffer() throws {
        let library = try TemplateLibrary(sources: ["a": "{{x}}!", "broken": "{{> a}}{{#list}}{{> loop}}{{/list}}", "loop": "{{> loop}}"])
        var buffer = Array("start:".utf8)
        try library.render("a", ["x": 1], into: &buffer)
        try library.render("a", ["x": 2], into: &buffer)
        XCTAssertEqual(String(decoding: buffer, as: UTF8.self), "start:1!2!")

        XCTAssertNotNil(templateError { try library.render("broken", ["list": [1]], into: &buffer) })
        XCTAssertEqual(String(decoding: buffer, as: UTF8.self), "start:1!2!", "a failed render leaves the buffer as it was")
    }

    func testUnknownTemplateIsNotFound() throws {
        let library = try TemplateLibrary(sources: ["home": "x"])
        let error = templateError { _ = try library.render("nope", [:]) }
        XCTAssertEqual(error?.reason, .notFound)
        XCTAssertEqual(error?.template, "nope")
    }

    func testMissingPartialRendersEmptyUntilValidated() throws {
        let library = try TemplateLibrary(sources: ["page": "a\n{{> missing}}b"])
        XCTAssertEqual(try library.renderedText("page"), "a\nb")
        let error = templateError { try library.validateReferences() }
        XCTAssertEqual(error?.reason, .missingPartial("missing"))
        XCTAssertEqual(error?.template, "page")
        XCTAssertEqual(error?.line, 2)
    }

    func testSelfIncludingPartialStopsWithAnError() throws {
        let library = try TemplateLibrary(sources: ["loop": "x{{> loop}}"])
        let error = templateError { _ = try library.render("loop", [:]) }
        XCTAssertEqual(error?.reason, .recursionTooDeep)
        XCTAssertEqual(error?.template, "loop")
        XCTAssertEqual(error?.line, 1)
    }

    func testRecursivePartialFollowsTheData() throws {
        let library = try TemplateLibrary(sources: ["node": "{{name}}{{#children}}({{> node}}){{/children}}"])
        // Leaves need an empty list: a missing key would be found further up the context stack.
        let leaf: (String) -> MustacheValue = { ["name": .string($0), "children": []] }
        let tree: MustacheValue = ["name": "a", "children": [["name": "b", "children": [leaf("c")]], leaf("d")]]
        XCTAssertEqual(try library.renderedText("node", tree), "a(b(c))(d)")
    }

    func testIndentedPartialIndentsEachLineButNotValues() throws {
        let library = try TemplateLibrary(sources: [
            "page": "<ul>\n  {{#items}}\n  {{> _item}}\n  {{/items}}\n</ul>\n",
            "_item": "<li>\n  {{{text}}}\n</li>\n",
        ])
        let output = try library.renderedText("page", ["items": [["text": "a\nb"], ["text": "c"]]])
        XCTAssertEqual(output, "<ul>\n  <li>\n    a\nb\n  </li>\n  <li>\n    c\n  </li>\n</ul>\n")
    }

    func testNamesAreSorted() throws {
        let library = try TemplateLibrary(sources: ["b": "", "a/c": "", "a": ""])
        XCTAssertEqual(library.names, ["a", "a/c", "b"])
    }

    func testRendersConcurrently() async throws {
        let library = try TemplateLibrary(sources: ["page": "{{#rows}}<td>{{.}}</td>{{/rows}}"])
        let outputs = try await withThrowingTaskGroup(of: String.self) { group in
            for task in 0..<8 {
                group.addTask { try library.renderedText("page", ["rows": .list((0..<100).map { .int($0 * task) })]) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(outputs.count, 8)
    }
}
