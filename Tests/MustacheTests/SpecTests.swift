import Mustache
import XCTest

/// Runs every case of the official spec files the engine implements (not lambdas, not dynamic names).
final class SpecTests: XCTestCase {
    func testComments() throws { try runSpec("comments") }
    func testDelimiters() throws { try runSpec("delimiters") }
    func testInterpolation() throws { try runSpec("interpolation") }
    func testInvertedSections() throws { try runSpec("inverted") }
    func testPartials() throws { try runSpec("partials") }
    func testSections() throws { try runSpec("sections") }
    func testInheritance() throws { try runSpec("~inheritance") }

    /// The library name of each case's main template; no spec partial uses it.
    private static let templateName = "spec-template"

    private func runSpec(_ file: String) throws {
        let cases = try MustacheSpec.cases(in: file)
        XCTAssertFalse(cases.isEmpty, "\(file).json has no cases")
        for specCase in cases {
            let label = "\(file).json, \"\(specCase.name)\""
            do {
                var sources = specCase.partials
                sources[Self.templateName] = specCase.template
                let library = try TemplateLibrary(sources: sources)
                let output = try library.render(Self.templateName, specCase.data)
                XCTAssertEqual(String(decoding: output, as: UTF8.self), specCase.expected, label)
            } catch {
                XCTFail("\(label) threw \(error)")
            }
        }
    }
}
