import Foundation
import HTMLTesting
import XCTest

final class ConcurrentParsingTests: XCTestCase {
    /// Each parse collects its own errors through its own parser context, even on many threads.
    func testParsesOnManyThreadsKeepTheirOwnProblems() {
        let results = ProblemLines()
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let padding = String(repeating: "<p>x</p>\n", count: index)
            let html = TestPages.page(padding + "<p>a</p></div>")
            do {
                _ = try HTMLDocument(html: html)
                results.record(index, line: nil)
            } catch {
                results.record(index, line: (error as? MarkupError)?.problems.map(\.line).first)
            }
        }
        for index in 0..<16 {
            XCTAssertEqual(results.line(for: index), 6 + index)
        }
    }
}

/// The first problem line each parse reported, filled from several threads.
private final class ProblemLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [Int: Int?] = [:]

    func record(_ index: Int, line: Int?) {
        lock.withLock { lines[index] = line }
    }

    func line(for index: Int) -> Int? {
        lock.withLock { lines[index] ?? nil }
    }
}
