import Foundation

/// Thrown by `HTMLDocument.init` when a page fails to parse or breaks a markup rule; lists every problem.
public struct MarkupError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// Every problem found, in source order.
    public let problems: [MarkupProblem]
    /// The offending source lines, keyed by line number, to show next to each problem.
    public let sourceLines: [Int: String]

    /// Creates the error for `problems` (sorted here by line), quoting the lines of `source` they point at.
    public init(problems: [MarkupProblem], source: [UInt8]) {
        self.problems = problems.enumerated()
            .sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
            .map(\.element)
        let wanted = Set(problems.map(\.line))
        var quoted: [Int: String] = [:]
        var lineNumber = 1
        for line in source.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if wanted.contains(lineNumber) {
                let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
                quoted[lineNumber] = text.count > 160 ? String(text.prefix(160)) + "…" : text
            }
            lineNumber += 1
        }
        self.sourceLines = quoted
    }

    /// All problems, one per line, each followed by the source line it points at.
    public var description: String {
        let noun = problems.count == 1 ? "problem" : "problems"
        var lines = ["HTML markup has \(problems.count) \(noun):"]
        for problem in problems {
            lines.append("  \(problem)")
            if let source = sourceLines[problem.line] {
                lines.append("      | \(source)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
