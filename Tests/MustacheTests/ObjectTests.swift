import Mustache
import XCTest

/// `MustacheObject` reads like a dictionary of names, and a template renders it as one.
final class ObjectTests: XCTestCase {
    func testSubscriptReadsSetsReplacesAndRemoves() {
        var object: MustacheObject = ["train": "G1", "seats": 5]
        XCTAssertEqual(object["train"], .string("G1"))
        XCTAssertNil(object["price"])
        object["price"] = .string("¥553")
        object["seats"] = .int(4)
        XCTAssertEqual(object.keys, ["train", "seats", "price"], "a new name goes last, a replaced one stays where it was")
        XCTAssertEqual(object["seats"], .int(4))
        object["train"] = nil
        XCTAssertEqual(object.keys, ["seats", "price"])
        XCTAssertEqual(object.count, 2)
        XCTAssertFalse(object.isEmpty)
        XCTAssertTrue(MustacheObject().isEmpty)
    }

    func testNamesOfEqualLengthAndLongNamesAreToldApart() {
        let long = "a name longer than fifteen bytes", other = "a name longer than fifteen byteS"
        let object: MustacheObject = ["ab": 1, "ba": 2, "是": 3, long: 4, other: 5]
        XCTAssertEqual(object["ab"], .int(1))
        XCTAssertEqual(object["ba"], .int(2))
        XCTAssertEqual(object["是"], .int(3))
        XCTAssertEqual(object[long], .int(4))
        XCTAssertEqual(object[other], .int(5))
        XCTAssertNil(object["a"])
    }

    func testEqualityIgnoresOrderAndMergeReplaces() {
        let first: MustacheObject = ["a": 1, "b": 2]
        XCTAssertEqual(first, ["b": 2, "a": 1])
        XCTAssertNotEqual(first, ["a": 1, "b": 3])
        XCTAssertNotEqual(first, ["a": 1])
        var merged = first
        merged.merge(["b": 9, "c": 3])
        XCTAssertEqual(merged, ["a": 1, "b": 9, "c": 3])
        XCTAssertEqual(first.merging(["c": 3]), ["a": 1, "b": 2, "c": 3])
        XCTAssertEqual(MustacheObject(["x": .int(1)]), ["x": 1])
        XCTAssertEqual(Array(merged).map(\.key), ["a", "b", "c"])
    }

    func testUTF8TextRendersAsTextDoes() throws {
        let library = try TemplateLibrary(sources: ["page": "{{text}}|{{{text}}}|{{#text}}yes{{/text}}{{^empty}}none{{/empty}}"])
        let bytes = Array("<b>列车</b>".utf8)
        let rendered = try library.render("page", .object(["text": .utf8(bytes[...]), "empty": .utf8([])]))
        XCTAssertEqual(String(decoding: rendered, as: UTF8.self), "&lt;b&gt;列车&lt;/b&gt;|<b>列车</b>|yesnone")
    }
}
