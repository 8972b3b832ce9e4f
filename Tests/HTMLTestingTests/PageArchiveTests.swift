import Foundation
import HTTP
import XCTest

@testable import HTMLTesting

final class PageArchiveTests: XCTestCase {
    private func page(_ body: String, lang: String = "zh-CN") -> [UInt8] {
        Array("<!DOCTYPE html><html lang=\"\(lang)\"><body>\(body)</body></html>".utf8)
    }

    private var html: Headers {
        var headers = Headers()
        headers.add("Content-Type", "text/html; charset=utf-8")
        return headers
    }

    private func archive() throws -> (PageArchive, String) {
        let folder = try TestSite.temporaryDirectory()
        return (PageArchive(directory: folder), folder)
    }

    private func savedPages(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".html") }.sorted()
    }

    func testRoutesCountSegmentsWithDigitsAsOneAndKeepOnlyQueryNames() {
        XCTAssertEqual(PageArchive.route(of: "/orders/E2026112900012"), "/orders/:n")
        XCTAssertEqual(PageArchive.route(of: "/shop/hangzhou-longjing/products/12"), "/shop/hangzhou-longjing/products/:n")
        XCTAssertEqual(PageArchive.route(of: "/search?to=SHH&from=BJP&date=2026-11-30"), "/search?date&from&to")
        XCTAssertEqual(PageArchive.route(of: "/"), "/")
    }

    func testTheSameShapeWithOtherTextIsKeptOnce() throws {
        let (archive, folder) = try archive()
        for name in ["李明", "王芳", "张伟"] {
            archive.keep(
                method: .get, target: "/orders/E\(name.count)1", status: .ok, headers: html,
                body: page("<ol><li class=\"ticket\">\(name)</li><li class=\"ticket\">\(name)</li></ol>"))
        }
        XCTAssertEqual(try savedPages(in: folder).count, 1)
        let index = try String(contentsOfFile: folder + "/index.tsv", encoding: .utf8)
        XCTAssertTrue(index.contains("GET /orders/E21\t200"), index)
    }

    func testANewKindOfElementStatusOrLanguageIsANewPage() throws {
        let (archive, folder) = try archive()
        let paid = page("<p class=\"status\">paid</p>")
        archive.keep(method: .get, target: "/orders/1", status: .ok, headers: html, body: paid)
        archive.keep(
            method: .get, target: "/orders/1", status: .ok, headers: html,
            body: page("<p class=\"status\">unpaid</p><form><button type=\"submit\">Pay</button></form>"))
        archive.keep(method: .get, target: "/orders/1", status: .notFound, headers: html, body: paid)
        archive.keep(method: .get, target: "/orders/1", status: .ok, headers: html, body: page("<p class=\"status\">paid</p>", lang: "en"))
        XCTAssertEqual(try savedPages(in: folder).count, 4)
    }

    func testOnlyHTMLIsKeptAndRoutesHaveAVariantLimit() throws {
        let (archive, folder) = try archive()
        var text = Headers()
        text.add("Content-Type", "text/plain")
        archive.keep(method: .post, target: "/payments/notify", status: .ok, headers: text, body: Array("ok".utf8))
        archive.keep(method: .get, target: "/", status: .ok, headers: html, body: [])
        for variant in 0..<(PageArchive.variantsPerRoute + 5) {
            archive.keep(method: .get, target: "/shop", status: .ok, headers: html, body: page("<p class=\"v\(variant)\">x</p>"))
        }
        XCTAssertEqual(try savedPages(in: folder).count, PageArchive.variantsPerRoute)
    }

    func testShapeReadsTagsClassesRolesTypesAndTheLanguage() {
        let shape = PageShape(html: Array(#"<html lang="en"><div class="a b" role="alert"><input type="date"></div></html>"#.utf8))
        XCTAssertEqual(shape.language, "en")
        XCTAssertEqual(PageShape.attribute("class", in: Array(#"div id="x" class="a b""#.utf8)), "a b")
        XCTAssertNil(PageShape.attribute("role", in: Array(#"div class="a""#.utf8)))
        XCTAssertNotEqual(shape.hash, PageShape(html: Array(#"<html lang="en"><div class="a b"><input type="date"></div></html>"#.utf8)).hash)
    }
}
