import Mustache
import XCTest

extension TemplateLibrary {
    /// Renders `name` and decodes the bytes, for assertions on text.
    func renderedText(_ name: String, _ context: MustacheValue = [:]) throws -> String {
        String(decoding: try render(name, context), as: UTF8.self)
    }
}

/// Renders a one-template library, for tests about a single template.
func render(_ template: String, _ context: MustacheValue = [:]) throws -> String {
    try TemplateLibrary(sources: ["main": template]).renderedText("main", context)
}

/// The `TemplateError` that `body` throws, or a test failure when it throws nothing or something else.
func templateError(
    file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Void
) -> TemplateError? {
    do {
        try body()
        XCTFail("expected a TemplateError, nothing was thrown", file: file, line: line)
    } catch let error as TemplateError {
        return error
    } catch {
        XCTFail("expected a TemplateError, got \(error)", file: file, line: line)
    }
    return nil
}
