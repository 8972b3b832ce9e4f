import Foundation
import XCTest

@testable import Mustache

/// View-models are plain `Encodable` structs: the encoder gives templates their properties, in
/// order, with nil optionals present as null, enums as their raw values, and template values kept.
final class EncoderTests: XCTestCase {
    private enum Status: String, Encodable { case paid, unpaid }

    private struct Ticket: Encodable {
        let seat: String
        let priceFen: Int
    }

    private struct Page: Encodable {
        let title: String
        let count: Int
        let ratio: Double
        let isOpen: Bool
        let status: Status
        let notice: String?
        let tickets: [Ticket]
        let fragment: MustacheValue
        let extra: MustacheObject
        let nested: [[Int]]
    }

    private let page = Page(
        title: "订单 E1", count: 2, ratio: 0.5, isOpen: true, status: .paid, notice: nil,
        tickets: [Ticket(seat: "01A", priceFen: 27600), Ticket(seat: "01B", priceFen: 13800)],
        fragment: .utf8(ArraySlice("<b>x</b>".utf8)), extra: ["a": .int(1)], nested: [[1, 2], []])

    func testAViewModelBecomesAnObjectOfItsProperties() throws {
        let value = try MustacheEncoder().encode(page)
        guard case .object(let object) = value else { return XCTFail("\(value)") }
        XCTAssertEqual(object.keys, ["title", "count", "ratio", "isOpen", "status", "notice", "tickets", "fragment", "extra", "nested"])
        XCTAssertEqual(object["title"], .string("订单 E1"))
        XCTAssertEqual(object["count"], .int(2))
        XCTAssertEqual(object["ratio"], .double(0.5))
        XCTAssertEqual(object["isOpen"], .bool(true))
        XCTAssertEqual(object["status"], .string("paid"))
        XCTAssertEqual(object["notice"], .null, "a nil optional is present as null")
        XCTAssertEqual(
            object["tickets"],
            .list([
                .object(["seat": .string("01A"), "priceFen": .int(27600)]),
                .object(["seat": .string("01B"), "priceFen": .int(13800)]),
            ]))
        XCTAssertEqual(object["fragment"], .utf8(ArraySlice("<b>x</b>".utf8)))
        XCTAssertEqual(object["extra"], .object(["a": .int(1)]))
        XCTAssertEqual(object["nested"], .list([.list([.int(1), .int(2)]), .list([])]))
    }

    func testATemplateRendersAnEncodedViewModel() throws {
        let library = try TemplateLibrary(sources: ["page": "{{title}}{{#tickets}} {{seat}}{{/tickets}}{{^notice}} none{{/notice}} {{status}}"])
        let rendered = try library.render("page", try MustacheEncoder().encode(page), requiringNames: true)
        XCTAssertEqual(String(decoding: rendered, as: UTF8.self), "订单 E1 01A 01B none paid")
    }

    func testOtherEncodersSeeTemplateValuesAsPlainData() throws {
        let json = try JSONEncoder().encode(["a": MustacheValue.list([.int(1), .string("x"), .null])])
        XCTAssertEqual(String(decoding: json, as: UTF8.self), #"{"a":[1,"x",null]}"#)
    }

    /// Encodes itself by hand: a nested object and list through containers of their own, a part
    /// written into the same object (as a class and its superclass share one), and a failure that
    /// names where it happened.
    private struct HandWritten: Encodable {
        enum Keys: String, CodingKey { case when, seats, inner, broken }
        let fails: Bool

        func encode(to encoder: any Encoder) throws {
            try Ticket(seat: "05C", priceFen: 100).encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            var when = container.nestedContainer(keyedBy: Keys.self, forKey: .when)
            try when.encode("09:00", forKey: .inner)
            var seats = container.nestedUnkeyedContainer(forKey: .seats)
            try seats.encode("01A")
            var pair = seats.nestedUnkeyedContainer()
            try pair.encode(1)
            try pair.encode(2)
            try seats.encode(true)
            if fails { try container.encode(Broken(), forKey: .broken) }
        }
    }

    private struct Broken: Encodable {
        func encode(to encoder: any Encoder) throws {
            throw EncodingError.invalidValue(0, .init(codingPath: encoder.codingPath, debugDescription: "broken"))
        }
    }

    func testContainersOfTheirOwnAndSharedObjectsAreFilledIn() throws {
        let value = try MustacheEncoder().encode([HandWritten(fails: false)])
        XCTAssertEqual(
            value,
            .list([
                .object([
                    "seat": .string("05C"), "priceFen": .int(100),
                    "when": .object(["inner": .string("09:00")]),
                    "seats": .list([.string("01A"), .list([.int(1), .int(2)]), .bool(true)]),
                ])
            ]))
    }

    func testAFailureNamesThePathToTheValue() throws {
        XCTAssertThrowsError(try MustacheEncoder().encode(["outer": HandWritten(fails: true)])) { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["outer", "broken"])
        }
    }
}
