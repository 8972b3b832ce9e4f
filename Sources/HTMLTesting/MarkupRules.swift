/// The checks that need the parsed tree: language, title, ids, CSRF tokens, image text, labels.
struct MarkupRules {
    /// Input types that are neither typed into nor labelled: they need no `<label>`.
    private static let unlabelledInputTypes: Set<String> = ["hidden", "submit", "button", "reset", "image"]

    /// The page to check.
    let document: HTMLDocument

    /// The problems breaking the rules in `checks`, rule by rule.
    func problems(for checks: MarkupChecks) -> [MarkupProblem] {
        var problems: [MarkupProblem] = []
        if checks.contains(.language) { problems += languageProblems() }
        if checks.contains(.title) { problems += titleProblems() }
        if checks.contains(.uniqueIDs) { problems += duplicateIDProblems() }
        if checks.contains(.csrfTokens) { problems += csrfProblems() }
        if checks.contains(.imageAlternatives) { problems += imageProblems() }
        if checks.contains(.labels) { problems += labelProblems() }
        return problems
    }

    private func languageProblems() -> [MarkupProblem] {
        let roots = document.nodes("//html")
        if roots.count > 1 {
            return roots.dropFirst().map { problem(.language, $0, "a second <html> element") }
        }
        guard let root = roots.first, root.attribute("lang")?.trimmingWhitespace.isEmpty == false else {
            let line = roots.first?.line ?? 1
            return [MarkupProblem(rule: .language, line: line, message: "<html> is missing or has no lang attribute; write <html lang=\"en\">")]
        }
        return []
    }

    private func titleProblems() -> [MarkupProblem] {
        let titles = document.nodes("//title[not(ancestor::svg)]")
        guard let first = titles.first else {
            return [MarkupProblem(rule: .title, line: 1, message: "the page has no <title>")]
        }
        var problems = titles.dropFirst().map { problem(.title, $0, "a second <title> (\"\($0.text)\")") }
        if first.text.isEmpty {
            problems.insert(problem(.title, first, "<title> is empty"), at: 0)
        }
        return problems
    }

    private func duplicateIDProblems() -> [MarkupProblem] {
        var firstUse: [String: HTMLNode] = [:]
        var problems: [MarkupProblem] = []
        for element in document.nodes("//*[@id]") {
            let id = element.attribute("id") ?? ""
            if let earlier = firstUse[id] {
                problems.append(problem(.uniqueIDs, element, "\(element) reuses id \"\(id)\" of \(earlier) on line \(earlier.line)"))
            } else {
                firstUse[id] = element
            }
        }
        return problems
    }

    private func csrfProblems() -> [MarkupProblem] {
        document.nodes("//form").compactMap { form in
            guard form.attribute("method")?.trimmingWhitespace.lowercased() == "post" else { return nil }
            let hasToken = form.nodes(".//input[@name='csrf']").contains { input in
                input.attribute("type")?.lowercased() == "hidden"
                    && input.attribute("value")?.trimmingWhitespace.isEmpty == false
            }
            return hasToken ? nil : problem(.csrfTokens, form, "\(form) has no <input type=\"hidden\" name=\"csrf\"> with a value")
        }
    }

    private func imageProblems() -> [MarkupProblem] {
        document.nodes("//img[not(@alt)]").map { image in
            problem(.imageAlternatives, image, "\(image) has no alt attribute (use alt=\"\" for decoration)")
        }
    }

    private func labelProblems() -> [MarkupProblem] {
        let labelledIDs = Set(document.nodes("//label[@for]").compactMap { $0.attribute("for") })
        return document.nodes("//input | //select | //textarea").compactMap { control in
            let type = control.attribute("type")?.lowercased() ?? "text"
            guard control.name != "input" || !Self.unlabelledInputTypes.contains(type) else { return nil }
            let ariaNamed = ["aria-label", "aria-labelledby"].contains { control.attribute($0)?.trimmingWhitespace.isEmpty == false }
            let labelledByID = control.attribute("id").map(labelledIDs.contains) ?? false
            let wrapped = control.count("ancestor::label") > 0
            guard !ariaNamed && !labelledByID && !wrapped else { return nil }
            return problem(.labels, control, "\(control) has no label: add <label for=\"…\">, wrap it in <label>, or give it aria-label")
        }
    }

    private func problem(_ rule: MarkupProblem.Rule, _ element: HTMLNode, _ message: String) -> MarkupProblem {
        MarkupProblem(rule: rule, line: element.line, message: message)
    }
}
