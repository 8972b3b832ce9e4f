import Mustache
import XCTest

@testable import Railbook

/// A results section is cut at the markers of its seat counts (and of rows rendered before), and
/// served with the counts of the moment written in, the text between them kept once.
final class LiveSectionTests: XCTestCase {
    private func offer(_ seatClass: SeatClass, _ seats: Int) -> Trip.Offer {
        Trip.Offer(seatClass: seatClass, priceFen: 10_000, seatsLeft: seats)
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A row of one train with a count and its text for each of two classes.
    private func row() -> SeatGaps {
        let html =
            "<li>"
            + (0..<2).map { offer in
                "<span data-seats=\"\(SeatGaps.marker(trip: 0, offer: offer, field: .count))\">\(SeatGaps.marker(trip: 0, offer: offer, field: .text))</span>"
            }.joined() + "</li>"
        return SeatGaps(cutting: Array(html.utf8))
    }

    func testRowsAreSplicedInAndEachPageWritesTheCountsOfItsMoment() throws {
        let typed = "\u{E000}1.0.0\u{E001}" // a marker without this process's secret is text like any other
        let frame = "<ol>\(SeatGaps.rowMarker(trip: 1))\(typed)\(SeatGaps.rowMarker(trip: 0))</ol>"
        let section = SeatGaps(cutting: Array(frame.utf8), rows: { _ in self.row() })
        XCTAssertEqual(section.gaps.map(\.trip), [1, 1, 1, 1, 0, 0, 0, 0], "each row's gaps belong to its trip")
        let offers = [[offer(.second, 540), offer(.first, 0)], [offer(.second, 3), offer(.first, 19)]]
        let stamps: LiveSection.Stamps = [:]
        let live = try XCTUnwrap(LiveSection(section, offers: offers, readAt: 7, stamps: nil, plenty: "有", none: "无"))
        let rowText = { (a: Int, aText: String, b: Int, bText: String) in
            "<li><span data-seats=\"\(a)\">\(aText)</span><span data-seats=\"\(b)\">\(bText)</span></li>"
        }
        XCTAssertEqual(text(live.html), "<ol>" + rowText(3, "3", 19, "19") + typed + rowText(540, "有", 0, "无") + "</ol>")
        XCTAssertEqual(live.html(currentAt: 7, isCurrent: { _ in false }), live.html, "no seat changed since the counts were read")
        XCTAssertNil(live.html(currentAt: 8, isCurrent: { _ in true }), "a seat changed somewhere, and no stamps tell where")

        let later = [[offer(.second, 539), offer(.first, 0)], [offer(.second, 12), offer(.first, 2)]]
        XCTAssertEqual(
            text(live.html(with: later, readAt: 9, stamps: stamps)), "<ol>" + rowText(12, "12", 2, "2") + typed + rowText(539, "有", 0, "无") + "</ol>")
        XCTAssertEqual(live.html(currentAt: 9, isCurrent: { _ in false }), live.html)
        XCTAssertNil(live.html(currentAt: 10, isCurrent: { _ in false }), "a seat of one of its runs changed")
        XCTAssertEqual(live.html(currentAt: 10, isCurrent: { $0 == stamps }), live.html, "seats changed, but on other runs only")
        XCTAssertEqual(live.html(currentAt: 10, isCurrent: { _ in false }), live.html, "and it is known current at that generation")
        XCTAssertEqual(
            text(live.html(with: offers, readAt: 11, stamps: nil)), "<ol>" + rowText(3, "3", 19, "19") + typed + rowText(540, "有", 0, "无") + "</ol>",
            "counts written over counts of another length")
        XCTAssertNil(live.html(currentAt: 12, isCurrent: { _ in true }), "counts read without stamps are checked by reading them")
        XCTAssertEqual(live.html(with: offers, readAt: 12, stamps: stamps), live.html)
        XCTAssertEqual(live.html(currentAt: 12, isCurrent: { _ in false }), live.html, "the same counts read later are current later")
    }

    func testCountsThatDoNotFitTheGapsAreRefused() {
        let section = SeatGaps(cutting: Array("<ol>\(SeatGaps.rowMarker(trip: 0))</ol>".utf8), rows: { _ in self.row() })
        XCTAssertNil(LiveSection(section, offers: [[offer(.second, 5)]], readAt: 0, stamps: nil, plenty: "有", none: "无"), "the row shows two classes")
        XCTAssertNil(LiveSection(section, offers: [], readAt: 0, stamps: nil, plenty: "有", none: "无"))
    }

    func testTheClassOrderIsThatOfAllCases() {
        XCTAssertEqual(SeatClass.allCases.map(\.position), Array(SeatClass.allCases.indices))
        XCTAssertEqual(SeatClass.allCases.shuffled().sorted(), SeatClass.allCases)
    }
}
