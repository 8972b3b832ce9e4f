/// Checks, on the raw source, that every element is closed explicitly and in order.
///
/// libxml2 closes most unclosed elements silently (`<div><span>x</div>` raises no error), so this
/// small tokenizer keeps its own stack of open elements. Railbook's rule is stricter than HTML5:
/// every non-void element, `<p>` and `<li>` included, needs its end tag. It skips comments,
/// doctypes, quoted attribute values and the raw text of `<script>`, `<style>`, `<textarea>` and
/// `<title>`; `/>` closes void elements and anything inside `<svg>` or `<math>`.
struct TagBalanceScanner {
    /// What a scan found.
    struct Result {
        /// Unclosed, misnested and stray tags, each at the line of the element concerned.
        let problems: [MarkupProblem]
        /// Lines of the end tags involved, where libxml2 reports the same fault.
        let endTagLines: Set<Int>
    }

    /// Elements that never have content or an end tag.
    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "meta",
        "param", "source", "track", "wbr",
    ]
    /// Elements whose content is text up to their own end tag.
    private static let rawTextElements: Set<String> = ["script", "style", "textarea", "title"]
    /// Roots of foreign content, where `/>` closes any element.
    private static let foreignRoots: Set<String> = ["svg", "math"]

    private var reader: SourceReader
    private var openElements: [(name: String, line: Int)] = []
    private var problems: [MarkupProblem] = []
    private var endTagLines: Set<Int> = []

    /// Scans `source` and returns every balance problem.
    static func scan(_ source: [UInt8]) -> Result {
        var scanner = TagBalanceScanner(reader: SourceReader(source))
        scanner.scanDocument()
        return Result(problems: scanner.problems, endTagLines: scanner.endTagLines)
    }

    private init(reader: SourceReader) {
        self.reader = reader
    }

    private mutating func scanDocument() {
        while let byte = reader.current {
            if byte == UInt8(ascii: "<") {
                scanMarkup()
            } else {
                reader.advance()
            }
        }
        for element in openElements.reversed() {
            report(line: element.line, "<\(element.name)> opened on line \(element.line) is never closed")
        }
    }

    /// Reads whatever starts at a `<`: comment, declaration, end tag, start tag, or a lone `<`.
    private mutating func scanMarkup() {
        let line = reader.line
        if reader.skip("<!--") {
            if !reader.skip(past: "-->") { report(line: line, "comment opened on line \(line) is never closed") }
        } else if reader.skip("<![CDATA[") {
            _ = reader.skip(past: "]]>")
        } else if reader.next == UInt8(ascii: "!") || reader.next == UInt8(ascii: "?") {
            _ = reader.skip(past: ">")
        } else if reader.next == UInt8(ascii: "/"), reader.isLetter(at: 2) {
            reader.advance(by: 2)
            let name = reader.readName()
            _ = reader.skip(past: ">")
            closeElement(name, line: line)
        } else if reader.isLetter(at: 1) {
            reader.advance()
            let name = reader.readName()
            let selfClosing = reader.skipAttributes()
            openElement(name, selfClosing: selfClosing, line: line)
            if Self.rawTextElements.contains(name) && !selfClosing {
                reader.skip(toCaseInsensitive: "</" + name)
            }
        } else {
            reader.advance()
        }
    }

    private mutating func openElement(_ name: String, selfClosing: Bool, line: Int) {
        guard !Self.voidElements.contains(name) else { return }
        if selfClosing {
            let isForeign = Self.foreignRoots.contains(name) || openElements.contains { Self.foreignRoots.contains($0.name) }
            if !isForeign {
                report(line: line, "<\(name)/> does not close an HTML element; write <\(name)></\(name)>")
            }
            return
        }
        openElements.append((name, line))
    }

    private mutating func closeElement(_ name: String, line: Int) {
        if Self.voidElements.contains(name) {
            endTagLines.insert(line)
            report(line: line, "</\(name)> on line \(line): <\(name)> is a void element and takes no end tag")
        } else if let index = openElements.lastIndex(where: { $0.name == name }) {
            for element in openElements[(index + 1)...].reversed() {
                endTagLines.insert(line)
                report(line: element.line, "<\(element.name)> opened on line \(element.line) is not closed before </\(name)> on line \(line)")
            }
            openElements.removeSubrange(index...)
        } else {
            endTagLines.insert(line)
            report(line: line, "stray end tag </\(name)> on line \(line): no <\(name)> is open")
        }
    }

    private mutating func report(line: Int, _ message: String) {
        problems.append(MarkupProblem(rule: .balancedTags, line: line, message: message))
    }
}
