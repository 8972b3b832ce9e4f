import HTMLTesting
import XCTest

/// Pages the tests parse: a valid page shell around some body markup.
enum TestPages {
    /// A complete page that passes every markup check, with `body` inside `<main>`.
    /// The body starts on line 6.
    static func page(_ body: String, title: String = "Railbook") -> String {
        """
        <!DOCTYPE html>
        <html lang="zh-CN">
        <head><meta charset="utf-8"><title>\(title)</title></head>
        <body>
        <main>
        \(body)
        </main>
        </body>
        </html>
        """
    }

    /// The problems `HTMLDocument` throws for `html`, failing the test when it does not throw.
    static func problems(
        in html: String, checks: MarkupChecks = .all, file: StaticString = #filePath, line: UInt = #line
    ) -> [MarkupProblem] {
        do {
            _ = try HTMLDocument(html: html, checks: checks)
            XCTFail("expected markup problems, but the page passed", file: file, line: line)
            return []
        } catch let error as MarkupError {
            return error.problems
        } catch {
            XCTFail("expected a MarkupError, got \(error)", file: file, line: line)
            return []
        }
    }
}
