import CLibXML2

/// Parses HTML bytes with libxml2 and collects every error it reports, not only the last one.
///
/// Errors arrive through the parser context's structured-error callback. libxml2 only calls that
/// callback when the SAX handler is marked as a SAX2 handler, and then passes the context itself as
/// user data; the collector travels in the context's `_private` slot, which libxml2 never touches.
enum HTMLParser {
    /// The result of one parse: the tree (owned by the caller, freed with `xmlFreeDoc`) and the errors.
    struct Result {
        /// The parsed tree, or nil when libxml2 could not build one.
        let document: xmlDocPtr?
        /// Every parse error except unknown (HTML5) element names and misplaced end tags.
        let problems: [MarkupProblem]
        /// Errors about misplaced end tags, kept apart so the tag-balance check can avoid repeating them.
        let endTagProblems: [MarkupProblem]
    }

    /// libxml2's global set-up, run once before the first parse.
    private static let initialized: Void = xmlInitParser()

    /// Parses `source` as UTF-8 HTML without touching the network and without dropping blank text.
    static func parse(_ source: [UInt8]) -> Result {
        _ = initialized
        let collector = ParseErrorCollector()
        guard !source.isEmpty else { return failure("the document is empty") }
        guard let context = htmlNewParserCtxt() else { return failure("libxml2 could not create a parser") }
        defer { htmlFreeParserCtxt(context) }
        context.pointee._private = Unmanaged.passUnretained(collector).toOpaque()
        context.pointee.sax.pointee.serror = collectParseError
        context.pointee.sax.pointee.initialized = UInt32(XML_SAX2_MAGIC)
        let options = Int32(HTML_PARSE_NONET.rawValue)
        let document = withExtendedLifetime(collector) {
            source.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { characters in
                    htmlCtxtReadMemory(context, characters.baseAddress, Int32(characters.count), nil, "UTF-8", options)
                }
            }
        }
        if document == nil && collector.problems.isEmpty && collector.endTagProblems.isEmpty {
            return failure("libxml2 could not parse the document")
        }
        return Result(document: document, problems: collector.problems, endTagProblems: collector.endTagProblems)
    }

    /// A result without a tree, for input libxml2 could not take.
    private static func failure(_ message: String) -> Result {
        Result(document: nil, problems: [MarkupProblem(rule: .syntax, line: 1, message: message)], endTagProblems: [])
    }
}

/// Gathers the errors of one parse; reached from the C callback through the context's `_private`.
private final class ParseErrorCollector {
    var problems: [MarkupProblem] = []
    var endTagProblems: [MarkupProblem] = []

    func record(_ error: xmlError) {
        guard error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let code = Int(error.code)
        // libxml2 2.9 predates HTML5: <main>, <nav>, <time>, <svg>… are "invalid" tags to it, yet fine.
        guard code != Int(XML_HTML_UNKNOWN_TAG.rawValue) else { return }
        // A repeated id is the uniqueIDs rule's business, which names both elements.
        guard code != Int(XML_DTD_ID_REDEFINED.rawValue) else { return }
        let message = error.message.map { String(cString: $0) } ?? "libxml2 error \(code)"
        let problem = MarkupProblem(rule: .syntax, line: Int(error.line), message: message.trimmingWhitespace)
        if code == Int(XML_ERR_TAG_NAME_MISMATCH.rawValue) {
            endTagProblems.append(problem)
        } else {
            problems.append(problem)
        }
    }
}

/// The structured-error callback; `userData` is the parser context (libxml2 passes `ctxt->userData`).
private func collectParseError(userData: UnsafeMutableRawPointer?, error: xmlErrorPtr?) {
    guard let userData, let error else { return }
    let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let collector = context.pointee._private else { return }
    Unmanaged<ParseErrorCollector>.fromOpaque(collector).takeUnretainedValue().record(error.pointee)
}
