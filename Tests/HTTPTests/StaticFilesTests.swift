import Foundation
import HTTP
import XCTest

final class StaticFilesTests: XCTestCase {
    private var files: StaticFiles<TestContext>!

    override func setUpWithError() throws {
        let root = NSTemporaryDirectory() + "railbook-static-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/css", withIntermediateDirectories: true)
        try Data("body { color: red }".utf8).write(to: URL(fileURLWithPath: root + "/css/site.css"))
        try Data("<svg/>".utf8).write(to: URL(fileURLWithPath: root + "/logo.svg"))
        files = try StaticFiles(directory: root)
    }

    private func get(_ target: String, headers: Headers = Headers()) throws -> Response {
        var context = TestContext()
        return try files.respond(to: try Request(method: .get, target: target, headers: headers), context: &context) { _, _ in
            .text("next", status: .notFound)
        }
    }

    func testServesFilesWithTypeETagAndCaching() throws {
        let css = try get("/css/site.css")
        XCTAssertEqual(css.status, .ok)
        XCTAssertEqual(css.headers["Content-Type"], "text/css; charset=utf-8")
        XCTAssertEqual(css.headers["Cache-Control"], "public, max-age=3600")
        XCTAssertEqual(String(decoding: css.body, as: UTF8.self), "body { color: red }")
        XCTAssertEqual(try get("/logo.svg").headers["Content-Type"], "image/svg+xml")
        XCTAssertEqual(files.paths, ["/css/site.css", "/logo.svg"])
    }

    func testMatchingETagAnswersNotModified() throws {
        let tag = try XCTUnwrap(try get("/css/site.css").headers["ETag"])
        let cached = try get("/css/site.css", headers: Headers([("If-None-Match", "\"other\", \(tag)")]))
        XCTAssertEqual(cached.status, .notModified)
        XCTAssertTrue(cached.body.isEmpty)
        XCTAssertEqual(try get("/css/site.css", headers: Headers([("If-None-Match", "\"stale\"")])).status, .ok)
    }

    func testUnknownFilesGoToTheNextStep() throws {
        XCTAssertEqual(String(decoding: try get("/css/missing.css").body, as: UTF8.self), "next")
    }

    func testTraversalIsRefused() {
        for target in [
            "/../etc/passwd", "/css/../../etc/passwd", "/%2e%2e/etc/passwd", "/css/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
            "/css/..%5c..%5cwindows", "/./css/site.css",
        ] {
            XCTAssertThrowsError(try get(target), target) { error in
                XCTAssertEqual((error as? HTTPError)?.status, .badRequest, target)
            }
        }
        XCTAssertThrowsError(try Request(method: .get, target: "/css/site.css%00"))
    }
}
