import Foundation
import HTMLTesting
@testable import Railbook
import XCTest

final class MessagesTests: XCTestCase {
    func testBothCatalogsHaveTheSameKeys() {
        let messages = Messages()
        let chinese = messages.keys(.chinese), english = messages.keys(.english)
        XCTAssertFalse(chinese.isEmpty)
        XCTAssertEqual(chinese.subtracting(english).sorted(), [], "keys missing in English")
        XCTAssertEqual(english.subtracting(chinese).sorted(), [], "keys missing in Chinese")
    }

    func testEveryTextUsedByATemplateExistsInBothCatalogs() throws {
        let messages = Messages()
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
            }
        }
    }

    func testArgumentsAreFilledIn() {
        XCTAssertEqual(Messages().text("error_status", .english, "404"), "Error 404")
        XCTAssertEqual(Messages().text("error_status", .chinese, "404"), "错误 404")
    }

    func testAcceptLanguagePicksTheHighestWeightWeSpeak() {
        XCTAssertEqual(Language.preferred(acceptLanguage: nil), .chinese)
        XCTAssertEqual(Language.preferred(acceptLanguage: "en-US,en;q=0.9"), .english)
        XCTAssertEqual(Language.preferred(acceptLanguage: "fr-FR, en;q=0.4, zh-TW;q=0.8"), .chinese)
        XCTAssertEqual(Language.preferred(acceptLanguage: "de, fr;q=0.5"), .chinese)
        XCTAssertEqual(Language.preferred(acceptLanguage: "zh;q=0, en;q=0.1"), .english)
    }
}
