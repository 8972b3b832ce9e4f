import Foundation
import HTMLTesting
import XCTest

@testable import Railbook

/// Reading gettext catalogs: what `msgfmt` reads of them, and errors that name the line.
final class POFileTests: XCTestCase {
    private let header = """
        msgid ""
        msgstr ""
        "Language: en\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

        """

    private func read(_ text: String) throws -> POFile {
        try POFile(parsing: text, file: "en.po")
    }

    /// The error reading `text` raises, as its message.
    private func failure(_ text: String) -> String {
        do {
            _ = try read(text)
            return "no error"
        } catch {
            return String(describing: error)
        }
    }

    func testTheHeaderGivesItsFields() throws {
        let file = try read(header)
        XCTAssertEqual(file.header?["Language"], "en")
        XCTAssertEqual(file.header?["Plural-Forms"], "nplurals=2; plural=(n != 1);")
        XCTAssertEqual(file.entries, [])
        XCTAssertNil(try read("msgid \"a\"\nmsgstr \"A\"\n").header)
    }

    func testAnEntryKeepsItsCommentsFlagsAndLine() throws {
        let file = try read(
            header + """
                # a translator's own note, skipped
                #. The book page's heading.
                #.   Second line of the comment.
                #: Templates/booking/book.mustache:3
                #, no-c-format
                msgid "book_title"
                msgstr "Book seats"
                """)
        XCTAssertEqual(
            file.entries,
            [
                POEntry(
                    id: "book_title", texts: ["Book seats"],
                    comments: ["The book page's heading.", "Second line of the comment."],
                    flags: ["no-c-format"], line: 11)
            ])
    }

    func testEscapesAndStringsOverSeveralLines() throws {
        let file = try read(
            header + #"""
                msgid "quoted"
                msgstr "She said \"go\"\tnow\\then\nnext line"

                msgid ""
                "long_"
                "key"
                msgstr ""
                "The first part, "
                  "and the second. 北京 → 上海"
                """#)
        XCTAssertEqual(file.entries.map(\.id), ["quoted", "long_key"])
        XCTAssertEqual(file.entries[0].texts, ["She said \"go\"\tnow\\then\nnext line"])
        XCTAssertEqual(file.entries[1].texts, ["The first part, and the second. 北京 → 上海"])
        XCTAssertEqual(file.entries[1].line, 9)
    }

    func testPluralEntriesAndContexts() throws {
        let file = try read(
            header + """
                msgid "results_heading"
                msgid_plural "results_heading"
                msgstr[0] "%@ train"
                msgstr[1] "%@ trains"

                msgctxt "menu"
                msgid "open"
                msgstr "Open"
                """)
        XCTAssertEqual(file.entries[0], POEntry(id: "results_heading", pluralID: "results_heading", texts: ["%@ train", "%@ trains"], line: 6))
        XCTAssertTrue(file.entries[0].isPlural)
        XCTAssertEqual(file.entries[1].context, "menu")
        XCTAssertFalse(file.entries[1].isPlural)
    }

    func testFuzzyAndObsoleteEntriesAreLeftOut() throws {
        let file = try read(
            header + """
                #, fuzzy
                msgid "draft"
                msgstr "Not checked yet"

                #~ msgid "gone"
                #~ msgstr "Removed long ago"

                msgid "kept"
                msgstr "Kept"
                """)
        XCTAssertEqual(file.entries.map(\.id), ["kept"])
        XCTAssertNil(try read("#, fuzzy\n" + header).header, "a fuzzy header is no header")
    }

    func testWindowsLineEndingsRead() throws {
        let file = try read(header.replacingOccurrences(of: "\n", with: "\r\n") + "msgid \"a\"\r\nmsgstr \"A\"\r\n")
        XCTAssertEqual(file.entries.first?.texts, ["A"])
        XCTAssertEqual(file.header?["Language"], "en")
    }

    func testErrorsNameTheFileAndLine() {
        XCTAssertEqual(failure("msgid \"a\"\nmsgstr \"A\n"), "en.po, line 2: a quoted string is not closed (write \\\" for a quote inside it)")
        XCTAssertEqual(
            failure("msgid \"a\"\nmsgstr \"A\" and more\n"),
            "en.po, line 2: expected a comment, a keyword (msgid, msgid_plural, msgstr) or a quoted string")
        XCTAssertEqual(failure("msgid \"a\"\nmsgstr \"A\\q\"\n"), "en.po, line 2: unknown escape \\q (use \\n, \\t, \\\", \\\\)")
        XCTAssertEqual(failure("msgid \"a\"\n\nmsgid \"b\"\nmsgstr \"B\"\n"), "en.po, line 1: \"a\" has no msgstr")
        XCTAssertEqual(failure("msgid \"a\"\nmsgstr \"A\"\nmsgid \"b\"\n"), "en.po, line 3: \"b\" has no msgstr")
        XCTAssertEqual(failure("msgstr \"A\"\n"), "en.po, line 1: msgstr is out of place here")
        XCTAssertEqual(failure("msgid \"a\"\nmsgstr[0] \"A\"\n"), "en.po, line 2: msgstr[0] is out of place here")
        XCTAssertEqual(failure("msgid \"a\"\nmsgid_plural \"a\"\nmsgstr \"A\"\n"), "en.po, line 3: msgstr is out of place here")
        XCTAssertEqual(
            failure("msgid \"a\"\nmsgid_plural \"a\"\nmsgstr[0] \"A\"\nmsgstr[2] \"As\"\n"), "en.po, line 4: msgstr[2] where msgstr[1] comes next")
        XCTAssertEqual(failure("msgid \"a\"\nmsgstr \"A\"\n\nmsgid \"a\"\nmsgstr \"B\"\n"), "en.po, line 4: \"a\" is defined twice (first on line 1)")
        XCTAssertEqual(
            failure("msgid \"a\"\nmsgstr \"A\"\nmsgfoo \"B\"\n"),
            "en.po, line 3: expected a comment, a keyword (msgid, msgid_plural, msgstr) or a quoted string")
        XCTAssertEqual(
            failure("msgid \"a\"\nmsgstr \"A\"\nplain words\n"),
            "en.po, line 3: expected a comment, a keyword (msgid, msgid_plural, msgstr) or a quoted string")
        XCTAssertEqual(failure("\"stray\"\n"), "en.po, line 1: a continued string is out of place here")
        XCTAssertEqual(failure("msgid \"a\"\nmsgstr \"A\"\n#. comment\n\"stray\"\n"), "en.po, line 4: a continued string is out of place here")
    }

    func testAFileThatCannotBeReadIsNamed() throws {
        XCTAssertThrowsError(try POFile(contentsOf: "/nonexistent/Locales/en.po")) { error in
            XCTAssertEqual(String(describing: error), "/nonexistent/Locales/en.po: cannot be read")
        }
        let path = try TestSite.temporaryDirectory() + "/latin1.po"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data([0x6d, 0x73, 0x67, 0xe9, 0x0a])))
        XCTAssertThrowsError(try POFile(contentsOf: path)) { error in
            XCTAssertEqual(String(describing: error), path + ": is not UTF-8")
        }
    }
}
