import Foundation

extension Messages {
    /// Reads the catalogs of every language from `directory` (the site's `Locales/`) and fills the
    /// site's deadlines into the texts that name them. Each language has a folder named after its
    /// locale (`zh_CN/`, `en/`) holding one catalog per feature, named after the feature's folder
    /// (`booking.po`, `ticket-changes.po`, `shared.po` for the layout and what features share);
    /// every language has the same files, and a feature's file the same keys in each. Throws a
    /// `CatalogError` naming the file and line when a catalog is missing, malformed, or differs from
    /// its other languages in keys or arguments, and naming both files when two catalogs of a
    /// language define the same key.
    public static func load(from directory: String, deadlines: Deadlines = Deadlines()) throws -> Messages {
        var parts: [Language: [Catalog]] = [:]
        for name in try catalogNames(in: directory) {
            var feature: [Language: Catalog] = [:]
            for language in Language.allCases {
                feature[language] = try Catalog.load(directory + "/" + language.localeName + "/" + name)
            }
            if let reference = feature[.standard] {
                for language in Language.allCases { try feature[language].map(reference.checkAgainst) }
            }
            for (language, catalog) in feature { parts[language, default: []].append(catalog) }
        }
        var catalogs: [Language: Catalog] = [:]
        for language in Language.allCases {
            catalogs[language] = try Catalog(merging: parts[language] ?? [], as: directory + "/" + language.localeName)
        }
        return try Messages(catalogs: catalogs, deadlines: deadlines)
    }

    /// The names of the catalogs (`booking.po`) in any language's folder of `directory`, sorted;
    /// a language's folder that cannot be read is a `CatalogError` naming it.
    private static func catalogNames(in directory: String) throws -> [String] {
        var names: Set<String> = []
        for language in Language.allCases {
            let folder = directory + "/" + language.localeName
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
                throw CatalogError(.unreadable, file: folder, line: 0)
            }
            names.formUnion(files.filter { $0.hasSuffix(".po") })
        }
        guard !names.isEmpty else { throw CatalogError(.noCatalogs, file: directory, line: 0) }
        return names.sorted()
    }
}

extension Language {
    /// The name of the language's folder of catalogs in `Locales/`: gettext's locale name.
    var localeName: String {
        switch self {
        case .chinese: "zh_CN"
        case .english: "en"
        }
    }
}
