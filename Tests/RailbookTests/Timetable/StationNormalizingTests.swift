import XCTest

@testable import Railbook

/// What a traveller types is compared without case, spaces and apostrophes, up to 30 characters;
/// text that is already so is used as it is.
final class StationNormalizingTests: XCTestCase {
    /// The rule, spelled out character by character.
    private func rule(_ text: String) -> String {
        String(text.filter { !$0.isWhitespace && !"'’‘`".contains($0) }.lowercased().prefix(30))
    }

    func testTypedTextIsComparedWithoutCaseSpacesAndApostrophes() {
        XCTAssertEqual(StationResolver.normalize("Xi'an North"), "xiannorth")
        XCTAssertEqual(StationResolver.normalize(" 北京南 站\n"), "北京南站")
        XCTAssertEqual(StationResolver.normalize("xi’an\u{3000}north"), "xiannorth", "an ideographic space is a space")
        XCTAssertEqual(StationResolver.normalize("ÉCOLE"), "école")
        XCTAssertEqual(StationResolver.normalize("xi\u{1FEF}an"), "xian", "a Greek varia is taken for a backtick")
        for text in [
            "北京南", "beijingnan", "bjn", "VNP", "Beijing South", "上海虹桥站", "xi`an", "ǅ", "İstanbul", "e\u{301}", "\u{1FEF}",
            String(repeating: "长", count: 31), String(repeating: "a", count: 30), String(repeating: "e\u{301}", count: 20), "",
        ] {
            XCTAssertEqual(StationResolver.normalize(text), rule(text), text)
        }
    }
}
