/// A message catalog of one language (a feature's file, `Locales/en/booking.po`, or all of a
/// language's files merged, `Catalog(merging:as:)`), read and checked: its plain texts and plural
/// entries by key, and the rule that picks a plural entry's text for a count.
///
/// Reading it fails, naming the file and line, on a syntax error, a header without `Language`,
/// UTF-8 `Content-Type` or a readable `Plural-Forms`, a plural entry with another number of texts
/// than `nplurals`, an empty text, a `msgctxt`, and placeholders mixed, unnumbered where there are
/// several, or numbered beyond the arguments the text names.
struct Catalog: Sendable {
    /// The file it was read from, as it was named.
    let file: String
    /// The plain texts by key.
    let texts: [String: String]
    /// The plural entries' texts by key, one per form of `pluralRule`.
    let plurals: [String: [String]]
    /// Which text of a plural entry a count takes.
    let pluralRule: PluralRule
    /// The header's `Plural-Forms`, as written: the catalogs of one language must agree on it.
    let pluralForms: String
    /// The line of each key's entry.
    let lines: [String: Int]
    /// The argument numbers (from 1) each key's texts show, for the keys whose texts take any.
    let arguments: [String: [Int]]
    /// The keys in the order of the file.
    let order: [String]

    /// Reads and checks the catalog at `path`.
    init(contentsOf path: String) throws {
        try self.init(POFile(contentsOf: path), file: path)
    }

    /// Checks the catalog `po`, read from `file`.
    init(_ po: POFile, file: String) throws {
        self.file = file
        guard let header = po.header else { throw CatalogError(.noHeader, file: file, line: 0) }
        guard header["Language"]?.isEmpty == false else { throw CatalogError(.headerField("Language"), file: file, line: 0) }
        guard header["Content-Type"]?.lowercased().contains("charset=utf-8") == true else {
            throw CatalogError(.headerField("Content-Type: text/plain; charset=UTF-8"), file: file, line: 0)
        }
        guard let forms = header["Plural-Forms"] else { throw CatalogError(.headerField("Plural-Forms"), file: file, line: 0) }
        guard let rule = PluralRule(forms) else { throw CatalogError(.pluralForms(forms), file: file, line: 0) }
        pluralRule = rule
        pluralForms = forms
        var texts: [String: String] = [:], plurals: [String: [String]] = [:], lines: [String: Int] = [:], arguments: [String: [Int]] = [:]
        var order: [String] = []
        for entry in po.entries {
            let fail = { (reason: CatalogError.Reason) in CatalogError(reason, file: file, line: entry.line) }
            if entry.context != nil { throw fail(.context(key: entry.id)) }
            if entry.texts.contains(where: \.isEmpty) { throw fail(.emptyText(key: entry.id)) }
            if entry.texts.contains(where: MessagePattern.mayHavePlaceholders) {
                let patterns = entry.texts.map(MessagePattern.init)
                if let problem = patterns.lazy.compactMap({ $0.problem(key: entry.id) }).first { throw fail(problem) }
                let numbers = Set(patterns.flatMap(\.argumentNumbers)).sorted()
                if let missing = MessagePattern.gap(in: numbers) { throw fail(.placeholderGap(key: entry.id, missing: missing)) }
                if !numbers.isEmpty { arguments[entry.id] = numbers }
            }
            if entry.isPlural {
                guard entry.texts.count == rule.count else {
                    throw fail(.formCount(key: entry.id, expected: rule.count, found: entry.texts.count))
                }
                plurals[entry.id] = entry.texts
            } else {
                texts[entry.id] = entry.texts[0]
            }
            lines[entry.id] = entry.line
            order.append(entry.id)
        }
        self.texts = texts
        self.plurals = plurals
        self.lines = lines
        self.arguments = arguments
        self.order = order
    }

    /// Every key, plain or plural.
    var keys: Set<String> { Set(lines.keys) }

    /// Checks that `other` (another language) has the same keys, the same plural entries and texts
    /// taking the same arguments; throws the first difference, named in the file at fault.
    func checkAgainst(_ other: Catalog) throws {
        for (catalog, reference) in [(self, other), (other, self)] {
            for key in reference.keys.subtracting(catalog.keys).sorted() {
                throw CatalogError(
                    .missingKey(key: key, otherFile: reference.file, otherLine: reference.lines[key] ?? 0),
                    file: catalog.file, line: 0)
            }
        }
        for key in order {
            let fail = { (reason: CatalogError.Reason) in CatalogError(reason, file: other.file, line: other.lines[key] ?? 0) }
            if (plurals[key] == nil) != (other.plurals[key] == nil) { throw fail(.pluralMismatch(key: key, otherFile: file)) }
            let here = arguments[key] ?? [], there = other.arguments[key] ?? []
            if here != there { throw fail(.placeholderMismatch(key: key, here: there, there: here, otherFile: file)) }
        }
    }
}
