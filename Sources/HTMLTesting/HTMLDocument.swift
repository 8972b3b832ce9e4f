import CLibXML2

/// A parsed HTML page that tests query with XPath, the way a reader looks at the rendered page.
///
/// Creating one parses the page with libxml2 and checks it: any parse error (except libxml2 2.9
/// not knowing HTML5 elements such as `<main>` or `<time>`) and any broken `MarkupChecks` rule
/// throws a `MarkupError` listing every problem with its line, so no page escapes the checks.
public final class HTMLDocument: HTMLQuerying {
    /// The libxml2 tree, freed when the document goes away.
    let pointer: xmlDocPtr

    /// Parses and checks UTF-8 `html`; throws `MarkupError` when it has any problem.
    public init(html: [UInt8], checks: MarkupChecks = .all) throws {
        let parsed = HTMLParser.parse(html)
        var problems = parsed.problems
        var endTagProblems = parsed.endTagProblems
        if checks.contains(.balancedTags) {
            let balance = TagBalanceScanner.scan(html)
            // Both see a misplaced end tag; the scanner's message says more.
            endTagProblems.removeAll { balance.endTagLines.contains($0.line) }
            problems += balance.problems
        }
        problems += endTagProblems
        guard let pointer = parsed.document else {
            throw MarkupError(problems: problems, source: html)
        }
        self.pointer = pointer
        problems += MarkupRules(document: self).problems(for: checks)
        if !problems.isEmpty {
            throw MarkupError(problems: problems, source: html)
        }
    }

    /// Parses and checks `html`; throws `MarkupError` when it has any problem.
    public convenience init(html: String, checks: MarkupChecks = .all) throws {
        try self.init(html: Array(html.utf8), checks: checks)
    }

    deinit {
        xmlFreeDoc(pointer)
    }

    /// Every node `xpath` (XPath 1.0, over the whole page) selects, in document order.
    public func nodes(_ xpath: String) -> [HTMLNode] {
        XPathEvaluator.nodes(xpath, in: pointer, from: nil)
            .map { HTMLNode(document: self, pointer: $0) }
    }

    /// The first form `xpath` selects; throws when it selects nothing or something else than a form.
    public func form(_ xpath: String = "//form") throws -> HTMLForm {
        guard let node = node(xpath) else {
            throw FormError.noForm(xpath: xpath)
        }
        guard node.name == "form" else {
            throw FormError.notAForm(xpath: xpath, found: node.description)
        }
        return HTMLForm(node)
    }

    /// The first form whose `action` attribute is exactly `action`; throws, listing the actions there are.
    public func form(action: String) throws -> HTMLForm {
        let forms = nodes("//form")
        guard let node = forms.first(where: { $0.attribute("action") == action }) else {
            throw FormError.noFormWithAction(action, available: forms.map { $0.attribute("action") ?? "" })
        }
        return HTMLForm(node)
    }
}
