import Foundation
import Mustache
import XCTest

final class DirectoryTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("mustache-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    private func write(_ text: String, to relativePath: String) throws {
        let url = directory.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func testLoadsNestedFoldersWithRelativeNamesAndRendersPartials() throws {
        try write("<h1>{{title}}</h1>\n{{> accounts/_form}}\n", to: "accounts/new.mustache")
        try write("<form>\n  {{> shared/forms/_csrf}}\n</form>\n", to: "accounts/_form.mustache")
        try write("<input name=\"csrf\" value=\"{{csrfToken}}\">\n", to: "shared/forms/_csrf.mustache")
        try write("<p>home</p>\n", to: "home/index.mustache")
        try write("ignored", to: "notes.txt")
        try write("ignored", to: ".hidden/secret.mustache")
        try write("ignored", to: "home/.draft.mustache")

        let library = try TemplateLibrary(directory: directory.path)

        XCTAssertEqual(library.names, ["accounts/_form", "accounts/new", "home/index", "shared/forms/_csrf"])
        let page = try library.renderedText("accounts/new", ["title": "Sign up", "csrfToken": "t0k"])
        XCTAssertEqual(page, "<h1>Sign up</h1>\n<form>\n  <input name=\"csrf\" value=\"t0k\">\n</form>\n")
    }

    func testAcceptsATrailingSlash() throws {
        try write("x", to: "page.mustache")
        XCTAssertEqual(try TemplateLibrary(directory: directory.path + "/").names, ["page"])
    }

    func testMissingPartialIsAnErrorNamingTheTemplateAndLine() throws {
        try write("<main>\n  {{> shared/_missing}}\n</main>\n", to: "home/index.mustache")
        let error = templateError { _ = try TemplateLibrary(directory: directory.path) }
        XCTAssertEqual(error?.reason, .missingPartial("shared/_missing"))
        XCTAssertEqual(error?.template, "home/index")
        XCTAssertEqual(error?.line, 2)
    }

    func testMissingParentIsAnError() throws {
        try write("{{<layouts/main}}\n{{/layouts/main}}\n", to: "page.mustache")
        let error = templateError { _ = try TemplateLibrary(directory: directory.path) }
        XCTAssertEqual(error?.reason, .missingParent("layouts/main"))
        XCTAssertEqual(error?.template, "page")
        XCTAssertEqual(error?.line, 1)
    }

    func testSyntaxErrorNamesTheFile() throws {
        try write("ok", to: "a.mustache")
        try write("line one\n\n{{#open}}\n", to: "trains/search.mustache")
        let error = templateError { _ = try TemplateLibrary(directory: directory.path) }
        XCTAssertEqual(error?.reason, .unclosedSection("open"))
        XCTAssertEqual(error?.template, "trains/search")
        XCTAssertEqual(error?.line, 3)
    }

    func testMissingDirectoryIsUnreadable() {
        let path = directory.appendingPathComponent("absent").path
        let error = templateError { _ = try TemplateLibrary(directory: path) }
        XCTAssertEqual(error?.reason, .unreadable(path: path))
        XCTAssertEqual(error?.description, "cannot read \(path)", "the folder itself has no template name to put first")
    }
}
