extension Catalog {
    /// The catalogs of one language (a file per feature, `Locales/en/booking.po`…) as one, named
    /// `file` (the language's folder) in the errors of later checks. Throws a `CatalogError` naming
    /// both files when two of them define the same key, or when they disagree on `Plural-Forms`:
    /// a language has one plural rule. `parts` must not be empty.
    init(merging parts: [Catalog], as file: String) throws {
        guard let first = parts.first else { throw CatalogError(.noCatalogs, file: file, line: 0) }
        var texts: [String: String] = [:], plurals: [String: [String]] = [:], lines: [String: Int] = [:]
        var arguments: [String: [Int]] = [:], order: [String] = [], files: [String: String] = [:]
        for part in parts {
            if part.pluralForms != first.pluralForms {
                throw CatalogError(
                    .pluralFormsDiffer(here: part.pluralForms, there: first.pluralForms, otherFile: first.file),
                    file: part.file, line: 0)
            }
            for key in part.order {
                if let other = files[key] {
                    throw CatalogError(
                        .definedInAnotherCatalog(key: key, otherFile: other, otherLine: lines[key] ?? 0),
                        file: part.file, line: part.lines[key] ?? 0)
                }
                files[key] = part.file
                lines[key] = part.lines[key]
                order.append(key)
            }
            texts.merge(part.texts) { first, _ in first }
            plurals.merge(part.plurals) { first, _ in first }
            arguments.merge(part.arguments) { first, _ in first }
        }
        self.file = file
        self.texts = texts
        self.plurals = plurals
        pluralRule = first.pluralRule
        pluralForms = first.pluralForms
        self.lines = lines
        self.arguments = arguments
        self.order = order
    }
}
