import Mustache
import XCTest

final class SyntaxErrorTests: XCTestCase {
    func testUnclosedSectionReportsTheOpeningLine() {
        let source = "<ul>\n{{#trains}}\n<li>{{number}}</li>\n</ul>\n"
        let error = templateError { _ = try TemplateLibrary(sources: ["trains/list": source]) }
        XCTAssertEqual(error?.reason, .unclosedSection("trains"))
        XCTAssertEqual(error?.template, "trains/list")
        XCTAssertEqual(error?.line, 2)
    }

    func testMismatchedCloseReportsTheClosingLine() {
        let source = "{{#trains}}\n{{#stops}}\n{{name}}\n{{/trains}}\n{{/stops}}\n"
        let error = templateError { _ = try TemplateLibrary(sources: ["ok": "fine", "stops": source]) }
        XCTAssertEqual(error?.reason, .mismatchedClose(expected: "stops", found: "trains"))
        XCTAssertEqual(error?.template, "stops")
        XCTAssertEqual(error?.line, 4)
    }

    func testUnclosedTagReportsItsLine() {
        let error = templateError { _ = try TemplateLibrary(sources: ["page": "<h1>\n{{title</h1>\n"]) }
        XCTAssertEqual(error?.reason, .unclosedTag)
        XCTAssertEqual(error?.template, "page")
        XCTAssertEqual(error?.line, 2)
    }

    func testUnclosedTripleMustacheIsAnUnclosedTag() {
        let error = templateError { _ = try TemplateLibrary(sources: ["page": "a\nb\n{{{title}}"]) }
        XCTAssertEqual(error?.reason, .unclosedTag)
        XCTAssertEqual(error?.line, 3)
    }

    func testCloseWithoutOpenIsReported() {
        let error = templateError { _ = try TemplateLibrary(sources: ["page": "text\n{{/items}}"]) }
        XCTAssertEqual(error?.reason, .unexpectedClose("items"))
        XCTAssertEqual(error?.line, 2)
    }

    func testLinesCountThroughMultilineComments() {
        let error = templateError { _ = try TemplateLibrary(sources: ["page": "{{!\none\ntwo\n}}\n{{/x}}"]) }
        XCTAssertEqual(error?.line, 5)
    }

    func testMalformedNamesAreReported() {
        for source in ["{{}}", "{{#}}{{/}}", "{{user name}}", "{{a..b}}", "{{.a}}", "{{> }}"] {
            let error = templateError { _ = try TemplateLibrary(sources: ["page": source]) }
            guard case .invalidName = error?.reason else {
                XCTFail("\(source): expected invalidName, got \(String(describing: error))")
                continue
            }
        }
    }

    func testMalformedDelimitersAreReported() {
        let error = templateError { _ = try TemplateLibrary(sources: ["page": "x\n{{=<% =}}"]) }
        XCTAssertEqual(error?.reason, .invalidDelimiters("<%"))
        XCTAssertEqual(error?.line, 2)
    }

    func testUnclosedParentAndBlockAreReported() {
        let parent = templateError { _ = try TemplateLibrary(sources: ["page": "{{<layout}}\n{{$a}}x{{/a}}"]) }
        XCTAssertEqual(parent?.reason, .unclosedSection("layout"))
        XCTAssertEqual(parent?.line, 1)
        let block = templateError { _ = try TemplateLibrary(sources: ["layout": "a\n{{$title}}x"]) }
        XCTAssertEqual(block?.reason, .unclosedSection("title"))
        XCTAssertEqual(block?.line, 2)
    }

    func testDescriptionNamesTemplateAndLine() {
        let error = TemplateError(.unclosedSection("trains"), template: "home/index", line: 12)
        XCTAssertEqual(error.description, #"home/index, line 12: section "trains" is never closed"#)
        XCTAssertEqual(TemplateError(.notFound, template: "nope", line: 0).description, "nope: no such template")
    }
}
