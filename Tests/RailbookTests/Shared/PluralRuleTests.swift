import XCTest

@testable import Railbook

/// `Plural-Forms` read and evaluated as gettext does.
final class PluralRuleTests: XCTestCase {
    private func forms(_ header: String, _ counts: [Int]) throws -> [Int] {
        let rule = try XCTUnwrap(PluralRule(header), header)
        return counts.map(rule.form(for:))
    }

    func testEnglishAndChinese() throws {
        XCTAssertEqual(try forms("nplurals=2; plural=(n != 1);", [0, 1, 2, 11, 101]), [1, 0, 1, 1, 1])
        XCTAssertEqual(try forms("nplurals=1; plural=0;", [0, 1, 2, 21]), [0, 0, 0, 0])
        XCTAssertEqual(PluralRule("nplurals=2; plural=(n != 1);")?.count, 2)
        XCTAssertEqual(PluralRule("nplurals=1; plural=0;")?.count, 1)
    }

    func testGettextsOwnExpressions() throws {
        // French: 0 and 1 singular.
        XCTAssertEqual(try forms("nplurals=2; plural=(n > 1);", [0, 1, 2]), [0, 0, 1])
        // Russian: one, few, many.
        let russian = "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
        XCTAssertEqual(try forms(russian, [1, 2, 5, 11, 12, 21, 22, 25, 111, 0]), [0, 1, 2, 2, 2, 0, 1, 2, 2, 2])
        // Arabic: six forms.
        let arabic = "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);"
        XCTAssertEqual(try forms(arabic, [0, 1, 2, 3, 11, 100, 102]), [0, 1, 2, 3, 4, 5, 5])
        XCTAssertEqual(try forms("nplurals=2; plural=!(n == 1);", [1, 2]), [0, 1])
        XCTAssertEqual(try forms("nplurals=3; plural=n - 1 - n / 3 * 0 + (n % 0);", [1, 2, 3]), [0, 1, 2], "arithmetic; % 0 is 0")
    }

    func testAFormBeyondTheCountIsTheFirst() throws {
        XCTAssertEqual(try forms("nplurals=2; plural=n;", [0, 1, 2, 7]), [0, 1, 0, 0])
    }

    func testMalformedRulesAreRefused() {
        for header in [
            "", "nplurals=2;", "plural=(n != 1);", "nplurals=0; plural=0;", "nplurals=two; plural=0;",
            "nplurals=2; plural=(n != 1;", "nplurals=2; plural=n +;", "nplurals=2; plural=n ? 1;",
            "nplurals=2; plural=m != 1;", "nplurals=2; plural=(n != 1) 1;", "nplurals=2; plural=n != 1; extra=1;",
        ] {
            XCTAssertNil(PluralRule(header), header)
        }
    }
}
