import CQRencode
import HTMLTesting
import XCTest

@testable import Railbook

final class QRCodeTests: XCTestCase {
    private let reference = "RB1:12:345:5:61:Hw0bX9kq2Cq1S2y9N1v0c3GZ4Z6sK1D9fQwLx3bYb6E"

    func testTheSizeIsLibqrencodesWidthPlusTheQuietZone() throws {
        for text in ["HELLO", reference, String(repeating: "车票", count: 40)] {
            let code = try QRCode(encoding: text)
            let direct = try XCTUnwrap(QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1))
            defer { QRcode_free(direct) }
            XCTAssertEqual(code.width, Int(direct.pointee.width), text)
            XCTAssertEqual(code.version, Int(direct.pointee.version), text)
            XCTAssertEqual(code.modules.count, code.width * code.width)
            let side = code.width + 2 * QRCode.quietZone
            XCTAssertTrue(code.svg(label: "x").contains(#"viewBox="0 0 \#(side) \#(side)""#), text)
        }
        XCTAssertEqual(try QRCode(encoding: "HELLO").width, 21, "version 1")
    }

    func testTheSVGIsDeterministicSquareAndKeepsTheQuietZoneLight() throws {
        let svg = try QRCode.svg(for: reference, label: "QR")
        XCTAssertEqual(svg, try QRCode.svg(for: reference, label: "QR"))
        let code = try QRCode(encoding: reference)
        let document = try HTMLDocument(html: "<div>\(svg)</div>", checks: .parseOnly)
        let element = try XCTUnwrap(document.node("//svg"))
        XCTAssertEqual(element.attribute("role"), "img")
        XCTAssertEqual(element.attribute("aria-label"), "QR")
        XCTAssertEqual(element.attribute("shape-rendering"), "crispEdges")
        XCTAssertEqual(document.count("//svg/path"), 1)
        let d = try XCTUnwrap(element.node("./path")?.attribute("d"))
        let squares = d.split(separator: "M").map { square -> (Int, Int) in
            XCTAssertTrue(square.hasSuffix("h1v1h-1z"), String(square))
            let numbers = square.dropLast("h1v1h-1z".count).split(separator: " ").compactMap { Int($0) }
            return (numbers[0], numbers[1])
        }
        XCTAssertEqual(squares.count, code.modules.filter { $0 }.count)
        let inside = QRCode.quietZone..<(QRCode.quietZone + code.width)
        XCTAssertTrue(squares.allSatisfy { inside.contains($0.0) && inside.contains($0.1) }, "nothing drawn in the quiet zone")
    }

    func testTheCornersHoldFinderPatterns() throws {
        let code = try QRCode(encoding: reference)
        for (top, left) in [(0, 0), (0, code.width - 7), (code.width - 7, 0)] {
            for row in 0..<7 {
                for column in 0..<7 {
                    let ring = max(abs(row - 3), abs(column - 3))
                    XCTAssertEqual(code.isDark(row: top + row, column: left + column), ring != 2, "\(top + row),\(left + column)")
                }
            }
        }
    }

    func testTextTooLongForAnyVersionFailsCleanly() {
        XCTAssertThrowsError(try QRCode.svg(for: String(repeating: "x", count: 5000))) { error in
            XCTAssertEqual(error as? QRCodeError, .tooLong)
        }
        XCTAssertNoThrow(try QRCode.svg(for: String(repeating: "x", count: 2000)))
    }

    func testTheLabelIsEscaped() throws {
        XCTAssertTrue(try QRCode.svg(for: "A", label: #"a "b" <c> & d"#).contains(#"aria-label="a &quot;b&quot; &lt;c&gt; &amp; d""#))
    }
}
