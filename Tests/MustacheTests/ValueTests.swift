import Mustache
import XCTest

final class ValueTests: XCTestCase {
    func testLiteralsBuildValues() {
        let value: MustacheValue = ["name": "Ada", "seats": 2, "price": 12.5, "firstClass": true, "note": nil, "stops": ["Bern", 3]]
        let expected: MustacheValue = .object([
            "name": .string("Ada"), "seats": .int(2), "price": .double(12.5), "firstClass": .bool(true),
            "note": .null, "stops": .list([.string("Bern"), .int(3)]),
        ])
        XCTAssertEqual(value, expected)
    }

    func testRepeatedDictionaryLiteralKeyKeepsTheLastValue() {
        let value: MustacheValue = ["a": 1, "a": 2]
        XCTAssertEqual(value, .object(["a": .int(2)]))
    }

    func testRenderableConformances() {
        XCTAssertEqual("x".mustacheValue, .string("x"))
        XCTAssertEqual(7.mustacheValue, .int(7))
        XCTAssertEqual(0.5.mustacheValue, .double(0.5))
        XCTAssertEqual(false.mustacheValue, .bool(false))
        XCTAssertEqual(Optional<Int>.none.mustacheValue, .null)
        XCTAssertEqual(Optional(3).mustacheValue, .int(3))
        XCTAssertEqual([1, 2].mustacheValue, .list([.int(1), .int(2)]))
        XCTAssertEqual(MustacheValue.string("v").mustacheValue, .string("v"))
    }

    func testViewModelsConformByBuildingAnObject() throws {
        struct Train: MustacheRenderable {
            let number: String
            let platform: Int?
            var mustacheValue: MustacheValue { ["number": .string(number), "platform": platform.mustacheValue] }
        }
        let trains = [Train(number: "IC 8", platform: 7), Train(number: "S 1", platform: nil)]
        let template = "{{#trains}}{{number}}: {{#platform}}platform {{.}}{{/platform}}{{^platform}}tba{{/platform}}; {{/trains}}"
        XCTAssertEqual(try render(template, ["trains": trains.mustacheValue]), "IC 8: platform 7; S 1: tba; ")
    }
}
