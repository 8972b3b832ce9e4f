import Foundation
import XCTest

@testable import Railbook

/// What a catalog must hold to be loaded: a header Railbook can use, complete plural entries,
/// placeholders a translation can reorder, and the same keys and arguments as the other language.
final class CatalogTests: XCTestCase {
    private func header(_ language: String, _ forms: String) -> String {
        """
        msgid ""
        msgstr ""
        "Language: \(language)\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: \(forms)\\n"

        """
    }

    private func english(_ entries: String) throws -> Catalog {
        try Catalog(POFile(parsing: header("en", "nplurals=2; plural=(n != 1);") + entries, file: "en.po"), file: "en.po")
    }

    private func chinese(_ entries: String) throws -> Catalog {
        try Catalog(POFile(parsing: header("zh_CN", "nplurals=1; plural=0;") + entries, file: "zh_CN.po"), file: "zh_CN.po")
    }

    /// The message of the error `load` throws.
    private func failure(_ load: () throws -> Any) -> String {
        do {
            _ = try load()
            return "no error"
        } catch {
            return String(describing: error)
        }
    }

    func testPlainAndPluralTextsByKey() throws {
        let catalog = try english(
            """
            msgid "book_title"
            msgstr "Book seats"

            msgid "results_heading"
            msgid_plural "results_heading"
            msgstr[0] "%@ train"
            msgstr[1] "%@ trains"
            """)
        XCTAssertEqual(catalog.texts, ["book_title": "Book seats"])
        XCTAssertEqual(catalog.plurals, ["results_heading": ["%@ train", "%@ trains"]])
        XCTAssertEqual(catalog.lines, ["book_title": 6, "results_heading": 9])
        XCTAssertEqual(catalog.keys, ["book_title", "results_heading"])
        XCTAssertEqual(catalog.pluralRule.form(for: 1), 0)
    }

    func testTheHeaderMustSayLanguageUTF8AndPluralForms() {
        let entry = "msgid \"a\"\nmsgstr \"A\"\n"
        XCTAssertEqual(
            failure { try Catalog(POFile(parsing: entry, file: "en.po"), file: "en.po") },
            "en.po: the header entry (msgid \"\") is missing or marked fuzzy")
        XCTAssertEqual(
            failure {
                try Catalog(
                    POFile(
                        parsing: self.header("en", "nplurals=2; plural=(n != 1);")
                            .replacingOccurrences(of: "charset=UTF-8", with: "charset=ISO-8859-1") + entry, file: "en.po"), file: "en.po")
            },
            "en.po: the header needs Content-Type: text/plain; charset=UTF-8")
        XCTAssertEqual(
            failure { try Catalog(POFile(parsing: self.header("", "nplurals=2; plural=(n != 1);") + entry, file: "en.po"), file: "en.po") },
            "en.po: the header needs Language")
        XCTAssertEqual(
            failure { try Catalog(POFile(parsing: self.header("en", "nplurals=2; plural=(n != 1;") + entry, file: "en.po"), file: "en.po") },
            "en.po: Plural-Forms \"nplurals=2; plural=(n != 1;\" does not read nplurals=N; plural=EXPRESSION;")
    }

    func testAPluralEntryHasAsManyTextsAsPluralFormsSays() {
        XCTAssertEqual(
            failure { try self.english("msgid \"trains\"\nmsgid_plural \"trains\"\nmsgstr[0] \"%@ train\"\n") },
            "en.po, line 6: \"trains\" has 1 plural texts where Plural-Forms says 2")
        XCTAssertEqual(
            failure { try self.chinese("msgid \"trains\"\nmsgid_plural \"trains\"\nmsgstr[0] \"%@ 趟\"\nmsgstr[1] \"%@ 趟\"\n") },
            "zh_CN.po, line 6: \"trains\" has 2 plural texts where Plural-Forms says 1")
    }

    func testEmptyTextsAndContextsAreRefused() {
        XCTAssertEqual(failure { try self.english("msgid \"a\"\nmsgstr \"\"\n") }, "en.po, line 6: \"a\" has an empty text")
        XCTAssertEqual(
            failure { try self.english("msgctxt \"menu\"\nmsgid \"a\"\nmsgstr \"A\"\n") },
            "en.po, line 7: \"a\" has a msgctxt; Railbook's catalogs do not use them")
    }

    func testSeveralArgumentsAreNumberedNeverMixedAndNoneBeyondTheOthers() throws {
        XCTAssertNoThrow(try english("msgid \"a\"\nmsgstr \"Page %1$@ of %2$@\"\n\nmsgid \"b\"\nmsgstr \"%@ left, 5% off\"\n"))
        XCTAssertEqual(
            failure { try self.english("msgid \"a\"\nmsgstr \"Page %@ of %@\"\n") },
            "en.po, line 6: \"a\" has several %@; number them (%1$@, %2$@) so a translation can reorder them")
        XCTAssertEqual(
            failure { try self.english("msgid \"a\"\nmsgstr \"Page %1$@ of %@\"\n") },
            "en.po, line 6: \"a\" mixes numbered (%1$@) and unnumbered (%@) placeholders")
        XCTAssertEqual(
            failure { try self.english("msgid \"a\"\nmsgstr \"Page %1$@ of %3$@\"\n") },
            "en.po, line 6: \"a\" goes beyond its arguments: it has no %2$@ but a higher number")
        XCTAssertEqual(
            failure { try self.english("msgid \"a\"\nmsgid_plural \"a\"\nmsgstr[0] \"one\"\nmsgstr[1] \"%2$@ of them\"\n") },
            "en.po, line 6: \"a\" goes beyond its arguments: it has no %1$@ but a higher number")
    }

    func testBothLanguagesHaveTheSameKeysPluralsAndArguments() throws {
        let english = try english(
            """
            msgid "page"
            msgstr "Page %1$@ of %2$@"

            msgid "trains"
            msgid_plural "trains"
            msgstr[0] "one train"
            msgstr[1] "%@ trains"
            """)
        XCTAssertNoThrow(
            try english.checkAgainst(
                chinese(
                    "msgid \"page\"\nmsgstr \"第 %1$@ 页，共 %2$@ 页\"\n\n"
                        + "msgid \"trains\"\nmsgid_plural \"trains\"\nmsgstr[0] \"%1$@ 趟\"\n")))
        XCTAssertEqual(
            failure { try english.checkAgainst(self.chinese("msgid \"page\"\nmsgstr \"第 %1$@ 页\"\n")) },
            "zh_CN.po: \"trains\" is missing here but defined in en.po, line 9")
        XCTAssertEqual(
            failure { try self.chinese("msgid \"page\"\nmsgstr \"第 %1$@ 页\"\n").checkAgainst(english) },
            "zh_CN.po: \"trains\" is missing here but defined in en.po, line 9")
        XCTAssertEqual(
            failure {
                try english.checkAgainst(
                    self.chinese(
                        "msgid \"page\"\nmsgstr \"第 %1$@ 页，共 %2$@ 页\"\n\n"
                            + "msgid \"trains\"\nmsgstr \"%@ 趟\"\n"))
            },
            "zh_CN.po, line 9: \"trains\" is a plural entry in one of this file and en.po and a plain one in the other")
        XCTAssertEqual(
            failure {
                try english.checkAgainst(
                    self.chinese(
                        "msgid \"page\"\nmsgstr \"第 %2$@ 页，共 %3$@ 页（%1$@）\"\n\n"
                            + "msgid \"trains\"\nmsgid_plural \"trains\"\nmsgstr[0] \"%@ 趟\"\n"))
            },
            "zh_CN.po, line 6: \"page\" takes arguments %1$@, %2$@, %3$@ here but %1$@, %2$@ in en.po")
        XCTAssertEqual(
            failure {
                try english.checkAgainst(
                    self.chinese(
                        "msgid \"page\"\nmsgstr \"第 %1$@ 页\"\n\n"
                            + "msgid \"trains\"\nmsgid_plural \"trains\"\nmsgstr[0] \"%@ 趟\"\n"))
            },
            "zh_CN.po, line 6: \"page\" takes arguments %1$@ here but %1$@, %2$@ in en.po")
    }
}
