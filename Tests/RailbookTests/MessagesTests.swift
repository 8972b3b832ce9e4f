import Foundation
import HTMLTesting
import XCTest

@testable import Railbook

final class MessagesTests: XCTestCase {
    func testBothCatalogsHaveTheSameKeys() throws {
        let messages = try TestSite.messages()
        let chinese = messages.keys(.chinese), english = messages.keys(.english)
        XCTAssertFalse(chinese.isEmpty)
        XCTAssertEqual(chinese.subtracting(english).sorted(), [], "keys missing in English")
        XCTAssertEqual(english.subtracting(chinese).sorted(), [], "keys missing in Chinese")
    }

    func testEveryTextUsedByATemplateExistsInBothCatalogs() throws {
        let messages = try TestSite.messages()
        let root = TestSite.projectRoot + "/Templates"
        let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: root)).filter { $0.hasSuffix(".mustache") }
        XCTAssertFalse(files.isEmpty)
        let pattern = try NSRegularExpression(pattern: #"\{\{[#^/&{]?\s*t\.([a-z0-9_]+)"#)
        for file in files {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let key = String(text[Range(match.range(at: 1), in: text)!])
                for language in Language.allCases {
                    XCTAssertTrue(messages.keys(language).contains(key), "\(file) uses t.\(key), missing in \(language)")
                }
                XCTAssertFalse(messages.isPlural(key), "\(file) uses t.\(key), a plural entry: its view-model gives the text for a count")
            }
        }
    }

    /// The keys templates use (`{{t.key}}`, `{{#t.key}}`…), with the file using each.
    private func templateKeys() throws -> [(key: String, file: String)] {
        let root = TestSite.projectRoot + "/Templates"
        let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: root)).filter { $0.hasSuffix(".mustache") }
        XCTAssertFalse(files.isEmpty)
        let pattern = try NSRegularExpression(pattern: #"\{\{[#^/&{]?\s*t\.([a-z0-9_-]+)"#)
        var keys: [(key: String, file: String)] = []
        for file in files.sorted() {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                keys.append((String(text[Range(match.range(at: 1), in: text)!]), file))
            }
        }
        return keys
    }

    func testEveryKeyTheCodeNamesIsInBothCatalogs() throws {
        let messages = try TestSite.messages()
        let uses = try MessageKeyUses(directory: TestSite.projectRoot + "/Sources/Railbook").uses
        XCTAssertGreaterThan(uses.count, 700, "the keys the code names are found")
        for use in uses {
            for language in Language.allCases {
                XCTAssertTrue(messages.keys(language).contains(use.key), "\(use.file):\(use.line) names \(use.key), missing in \(language)")
            }
        }
    }

    func testPluralEntriesAreAskedForWithACountAndPlainTextsWithout() throws {
        let messages = try TestSite.messages()
        for use in try MessageKeyUses(directory: TestSite.projectRoot + "/Sources/Railbook").uses {
            guard let givesCount = use.givesCount, messages.keys(.english).contains(use.key) else { continue }
            let problem = messages.isPlural(use.key) ? "a plural entry, asked for without a count" : "a plain text, asked for with a count"
            XCTAssertEqual(givesCount, messages.isPlural(use.key), "\(use.file):\(use.line): \(use.key) is \(problem)")
        }
    }

    func testEveryCatalogKeyIsNamedInTheCodeOrATemplate() throws {
        let messages = try TestSite.messages()
        let named = try MessageKeyUses(directory: TestSite.projectRoot + "/Sources/Railbook").literals.union(templateKeys().map(\.key))
        XCTAssertEqual(
            messages.keys(.english).subtracting(named).sorted(), [],
            "keys no code or template names: built by interpolation (write them out) or no longer used (remove them)")
    }

    func testTheKeyCheckFindsKeysWhereverTheCodeNamesThem() {
        let source = #"""
            // messages.text("commented_out", language)
            let title = messages.text("book_title", language)
            let state = renderer.text(shop.isOpen ? "admin_desk_shop_open" : "admin_desk_shop_closed", context)
            var messageKey: String {
                switch self {
                case .adult: "passenger_type_adult"
                }
            }
            static func reasonKey(_ reason: String) -> String? {
                switch reason {
                case "out_of_space": "error_reason_out_of_space"
                default: nil
                }
            }
            let weekday = text("weekday_\(date.weekday)")
            errors.add("certificate_number", "error_certificate_number_missing")
            let heading = renderer.messages.text("results_heading", context.language,
                                                 count: trips.count)
            let nested = "\(messages.text("me_title", language)) · \(user.name)"
            let column = try row.int("from_sequence")
            let notice = ShopOrderNotice.send("notice_shop_order_accepted", about: order, arguments: [], now: now, in: db)
            """#
        let found = MessageKeyUses(source: source)
        XCTAssertEqual(
            found.uses.map(\.key),
            [
                "book_title", "admin_desk_shop_open", "admin_desk_shop_closed", "passenger_type_adult",
                "error_reason_out_of_space", "error_certificate_number_missing", "results_heading", "me_title",
                "notice_shop_order_accepted",
            ])
        XCTAssertEqual(found.uses.map(\.givesCount), [false, false, false, nil, nil, nil, true, false, nil])
        XCTAssertEqual(found.uses.first?.line, 2)
        XCTAssertFalse(found.literals.contains("commented_out"), "comments are not code")
        XCTAssertFalse(found.literals.contains { $0.hasPrefix("weekday_") }, "a key built by interpolation names no key")
        XCTAssertTrue(found.literals.contains("from_sequence"), "every literal is kept, key or not")
    }

    func testArgumentsAreFilledIn() throws {
        XCTAssertEqual(try TestSite.messages().text("error_status", .english, "404"), "Error 404")
        XCTAssertEqual(try TestSite.messages().text("error_status", .chinese, "404"), "错误 404")
    }

    func testNumberedArgumentsAreFilledWhereTheLanguagePutsThem() throws {
        let messages = try TestSite.messages()
        XCTAssertEqual(
            messages.text("train_stops_order", .english, arguments: ["G1", "Beijing South", "Shanghai Hongqiao"]),
            "On G1 you cannot travel from Beijing South to Shanghai Hongqiao: choose a departure stop before the arrival stop. "
                + "Prices are for the whole route.")
        let english = try Catalog(
            POFile(
                parsing: Self.header("en", "nplurals=2; plural=(n != 1);")
                    + "msgid \"delayed\"\nmsgstr \"Train %1$@ on %2$@ is late.\"\n", file: "en.po"), file: "en.po")
        let chinese = try Catalog(
            POFile(
                parsing: Self.header("zh_CN", "nplurals=1; plural=0;")
                    + "msgid \"delayed\"\nmsgstr \"%2$@的 %1$@ 次（%1$@）晚点。\"\n", file: "zh_CN.po"), file: "zh_CN.po")
        let reordered = try Messages(catalogs: [.english: english, .chinese: chinese])
        XCTAssertEqual(reordered.text("delayed", .english, arguments: ["G1", "12/7"]), "Train G1 on 12/7 is late.")
        XCTAssertEqual(reordered.text("delayed", .chinese, arguments: ["G1", "12/7"]), "12/7的 G1 次（G1）晚点。")
        XCTAssertEqual(reordered.text("delayed", .chinese, arguments: ["G1"]), "的 G1 次（G1）晚点。", "an argument not given shows nothing")
    }

    func testAPluralEntryTakesTheFormItsLanguageGivesTheCount() throws {
        let messages = try TestSite.messages()
        XCTAssertEqual(
            [0, 1, 2, 21].map { messages.text("results_heading", .english, count: $0) }, ["0 trains", "1 train", "2 trains", "21 trains"])
        XCTAssertEqual([1, 2].map { messages.text("results_heading", .chinese, count: $0) }, ["共 1 个车次", "共 2 个车次"])
        XCTAssertEqual(
            messages.text("search_summary", .english, count: 1, arguments: ["Beijing South", "Shanghai Hongqiao", "2026-12-07", "1"]),
            "Beijing South → Shanghai Hongqiao on 2026-12-07: 1 train")
        XCTAssertEqual(messages.text("me_hub_caption_orders", .english, count: 1), "order", "a form without the number")
        XCTAssertEqual(messages.text("book_title", .english, count: 2), "Book seats", "a plain text is itself")
        XCTAssertEqual(messages.text("results_heading", .english), "results_heading", "a plural entry needs its count")
        guard case .object(let templateTexts) = messages.templateValue(.english) else { return XCTFail("the catalog as an object") }
        XCTAssertEqual(templateTexts["book_title"], .string("Book seats"))
        XCTAssertNil(templateTexts["results_heading"], "templates get plain texts: a plural entry needs the count its view-model gives")
    }

    func testEveryEnglishPluralEntrySaysOneApartFromMany() throws {
        let messages = try TestSite.messages()
        let plurals = messages.keys(.english).filter(messages.isPlural).sorted()
        XCTAssertGreaterThanOrEqual(plurals.count, 25)
        for key in plurals {
            let arguments = Array(repeating: "N", count: 4)
            XCTAssertNotEqual(
                messages.text(key, .english, count: 1, arguments: arguments),
                messages.text(key, .english, count: 2, arguments: arguments), key)
        }
    }

    func testCatalogsThatDisagreeAreRefused() throws {
        let english = try Catalog(
            POFile(
                parsing: Self.header("en", "nplurals=2; plural=(n != 1);")
                    + "msgid \"a\"\nmsgstr \"A %1$@ %2$@\"\n", file: "en.po"), file: "en.po")
        let chinese = try Catalog(
            POFile(
                parsing: Self.header("zh_CN", "nplurals=1; plural=0;")
                    + "msgid \"a\"\nmsgstr \"甲 %1$@\"\n", file: "zh_CN.po"), file: "zh_CN.po")
        XCTAssertThrowsError(try Messages(catalogs: [.english: english, .chinese: chinese])) { error in
            XCTAssertEqual(String(describing: error), "en.po, line 7: \"a\" takes arguments %1$@, %2$@ here but %1$@ in zh_CN.po")
        }
    }

    /// A site folder with the project's templates and static files and the catalogs `files` holds,
    /// by their path in `Locales/` (`en/booking.po`).
    private func siteRoot(locales files: [String: String]) throws -> String {
        let root = try TestSite.temporaryDirectory()
        for folder in ["Templates", "Public"] {
            try FileManager.default.createSymbolicLink(atPath: root + "/" + folder, withDestinationPath: TestSite.projectRoot + "/" + folder)
        }
        try write(files, to: root + "/Locales")
        return root
    }

    /// Writes `files` (text by path) into `folder`, making the folders they are in.
    private func write(_ files: [String: String], to folder: String) throws {
        for (path, text) in files {
            let file = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
    }

    /// The project's catalogs by their path in `Locales/` (`en/booking.po`).
    private func projectCatalogs() throws -> [String: String] {
        var files: [String: String] = [:]
        for locale in ["en", "zh_CN"] {
            let folder = TestSite.projectRoot + "/Locales/" + locale
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".po") {
                files[locale + "/" + name] = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            }
        }
        return files
    }

    func testStartUpStopsAtAMissingOrMalformedCatalogNamingTheFileAndLine() throws {
        let catalogs = try projectCatalogs()
        XCTAssertNotNil(catalogs["zh_CN/shared.po"])
        let broken = try XCTUnwrap(catalogs["en/booking.po"]).replacingOccurrences(of: "msgstr \"Book seats\"", with: "msgstr \"Book seats")
        let line = try XCTUnwrap(broken.components(separatedBy: "\n").firstIndex(of: "msgstr \"Book seats")) + 1
        var withBroken = catalogs, withoutOne = catalogs
        withBroken["en/booking.po"] = broken
        withoutOne["zh_CN/booking.po"] = nil
        for (files, expected) in [
            (withBroken, "/Locales/en/booking.po, line \(line): a quoted string is not closed"),
            (withoutOne, "/Locales/zh_CN/booking.po: cannot be read"),
        ] {
            let root = try siteRoot(locales: files)
            XCTAssertThrowsError(try Application(configuration: try TestSite.configuration { $0.root = root })) { error in
                XCTAssertTrue(String(describing: error).hasPrefix(root + expected), String(describing: error))
            }
        }
        let root = try siteRoot(locales: catalogs)
        XCTAssertNoThrow(try Application(configuration: try TestSite.configuration { $0.root = root }), "the same files, whole, load")
    }

    /// A `Locales/` folder of `files`: entries by path (`en/booking.po`), each after its language's header.
    private func locales(_ files: [String: String]) throws -> String {
        let folder = try TestSite.temporaryDirectory() + "/Locales"
        let headers = ["en": Self.header("en", "nplurals=2; plural=(n != 1);"), "zh_CN": Self.header("zh_CN", "nplurals=1; plural=0;")]
        try write(
            files.reduce(into: [:]) { result, file in
                result[file.key] = (headers[String(file.key.prefix { $0 != "/" })] ?? "") + file.value
            }, to: folder)
        return folder
    }

    /// The message of the error loading the catalogs of `folder` throws.
    private func loadingFailure(_ folder: String) -> String {
        do {
            _ = try Messages.load(from: folder)
            return "no error"
        } catch {
            return String(describing: error)
        }
    }

    func testEachLanguageReadsTheCatalogsOfEveryFeatureInItsFolder() throws {
        let folder = try locales([
            "en/booking.po": "msgid \"book_title\"\nmsgstr \"Book seats\"\n",
            "en/shop.po": "msgid \"shop_title\"\nmsgstr \"Shop\"\n",
            "zh_CN/booking.po": "msgid \"book_title\"\nmsgstr \"预订\"\n",
            "zh_CN/shop.po": "msgid \"shop_title\"\nmsgstr \"商城\"\n",
        ])
        let messages = try Messages.load(from: folder)
        XCTAssertEqual(messages.keys(.english), ["book_title", "shop_title"])
        XCTAssertEqual(messages.text("shop_title", .chinese), "商城")
        XCTAssertEqual(messages.text("book_title", .english), "Book seats")
    }

    func testAKeyInTwoCatalogsOfALanguageIsRefusedNamingBothFiles() throws {
        let folder = try locales([
            "en/booking.po": "msgid \"title\"\nmsgstr \"Book seats\"\n",
            "en/shop.po": "msgid \"shop\"\nmsgstr \"Shop\"\n\nmsgid \"title\"\nmsgstr \"Shop\"\n",
            "zh_CN/booking.po": "msgid \"title\"\nmsgstr \"预订\"\n",
            "zh_CN/shop.po": "msgid \"shop\"\nmsgstr \"商城\"\n\nmsgid \"title\"\nmsgstr \"商城\"\n",
        ])
        XCTAssertEqual(
            loadingFailure(folder),
            folder + "/zh_CN/shop.po, line 10: \"title\" is defined in " + folder
                + "/zh_CN/booking.po, line 7 too: a key belongs to one catalog of its language")
    }

    func testTheCatalogsOfAFeatureHaveTheSameKeysInEveryLanguage() throws {
        let missing = try locales([
            "en/booking.po": "msgid \"title\"\nmsgstr \"Book seats\"\n",
            "en/shop.po": "msgid \"shop\"\nmsgstr \"Shop\"\n",
            "zh_CN/booking.po": "msgid \"title\"\nmsgstr \"预订\"\n",
        ])
        XCTAssertEqual(loadingFailure(missing), missing + "/zh_CN/shop.po: cannot be read")
        let elsewhere = try locales([
            "en/booking.po": "msgid \"title\"\nmsgstr \"Book seats\"\n",
            "en/shop.po": "msgid \"shop\"\nmsgstr \"Shop\"\n",
            "zh_CN/booking.po": "msgid \"title\"\nmsgstr \"预订\"\n\nmsgid \"shop\"\nmsgstr \"商城\"\n",
            "zh_CN/shop.po": "",
        ])
        XCTAssertEqual(
            loadingFailure(elsewhere),
            elsewhere + "/en/booking.po: \"shop\" is missing here but defined in "
                + elsewhere + "/zh_CN/booking.po, line 10")
    }

    func testALanguageWithoutItsFolderOrAFolderWithoutCatalogsIsRefused() throws {
        let none = try TestSite.temporaryDirectory()
        XCTAssertEqual(loadingFailure(none), none + "/zh_CN: cannot be read")
        for locale in ["zh_CN", "en"] { try FileManager.default.createDirectory(atPath: none + "/" + locale, withIntermediateDirectories: true) }
        XCTAssertEqual(loadingFailure(none), none + ": no catalog (LANGUAGE/FEATURE.po) in any language's folder")
    }

    func testTheCatalogsOfALanguageShareOnePluralRule() throws {
        let folder = try locales([
            "en/booking.po": "msgid \"title\"\nmsgstr \"Book seats\"\n",
            "en/shop.po": "msgid \"shop\"\nmsgstr \"Shop\"\n",
            "zh_CN/booking.po": "msgid \"title\"\nmsgstr \"预订\"\n",
            "zh_CN/shop.po": "msgid \"shop\"\nmsgstr \"商城\"\n",
        ])
        let file = folder + "/en/shop.po"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "plural=(n != 1);", with: "plural=(n > 1);").write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            loadingFailure(folder),
            file + ": Plural-Forms \"nplurals=2; plural=(n > 1);\" differs from "
                + folder + "/en/booking.po's \"nplurals=2; plural=(n != 1);\": the catalogs of a language share one")
    }

    private static func header(_ language: String, _ forms: String) -> String {
        "msgid \"\"\nmsgstr \"\"\n\"Language: \(language)\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Plural-Forms: \(forms)\\n\"\n\n"
    }

    func testAcceptLanguagePicksTheHighestWeightWeSpeak() {
        XCTAssertEqual(Language.preferred(acceptLanguage: nil), .chinese)
        XCTAssertEqual(Language.preferred(acceptLanguage: "en-US,en;q=0.9"), .english)
        XCTAssertEqual(Language.preferred(acceptLanguage: "fr-FR, en;q=0.4, zh-TW;q=0.8"), .chinese)
        XCTAssertEqual(Language.preferred(acceptLanguage: "de, fr;q=0.5"), .chinese)
        XCTAssertEqual(Language.preferred(acceptLanguage: "zh;q=0, en;q=0.1"), .english)
    }
}
