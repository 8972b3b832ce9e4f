import HTTP
import XCTest

final class RequestDecodingTests: XCTestCase {
    private func assertBadRequest(_ make: @autoclosure () throws -> Request, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try make(), file: file, line: line) { error in
            XCTAssertEqual((error as? HTTPError)?.status, .badRequest, file: file, line: line)
        }
    }

    private func formHeaders(_ type: String) -> Headers {
        Headers([("Content-Type", type)])
    }

    func testQueryIsDecodedWithPlusAsSpaceAndRepeatedNames() throws {
        let request = try Request(method: .get, target: "/search?from=%E5%8C%97%E4%BA%AC%E5%8D%97&to=Shanghai+Hongqiao&type=G&type=D&flag")
        XCTAssertEqual(request.path, "/search")
        XCTAssertEqual(request.query["from"], "北京南")
        XCTAssertEqual(request.query["to"], "Shanghai Hongqiao")
        XCTAssertEqual(request.query.all("type"), ["G", "D"])
        XCTAssertEqual(request.query["flag"], "")
    }

    func testEmptyPiecesAreSkippedAndOnlyTheFirstEqualsSignSplits() throws {
        let query = try Request(method: .get, target: "/search?&&a=1&&=x&b==2&c=%3D&%E7%94%B2=%E4%B9%99&").query
        XCTAssertEqual(query["a"], "1")
        XCTAssertEqual(query[""], "x")
        XCTAssertEqual(query["b"], "=2")
        XCTAssertEqual(query["c"], "=")
        XCTAssertEqual(query["甲"], "乙")
        XCTAssertEqual(try Request(method: .get, target: "/search?").query["a"], nil)
    }

    func testPathKeepsPlusAndDecodesEscapes() throws {
        XCTAssertEqual(try Request(method: .get, target: "/a+b/%20c").path, "/a+b/ c")
    }

    func testBrokenEscapesInvalidUTF8AndNULAreRefused() {
        assertBadRequest(try Request(method: .get, target: "/search?from=%E5%8C"))
        assertBadRequest(try Request(method: .get, target: "/search?from=%ZZ"))
        assertBadRequest(try Request(method: .get, target: "/search?from=%"))
        assertBadRequest(try Request(method: .get, target: "/%FF"))
        assertBadRequest(try Request(method: .get, target: "/css/site.css%00.txt"))
        assertBadRequest(try Request(method: .get, target: "no-slash"))
        assertBadRequest(
            try Request(
                method: .post, target: "/", headers: formHeaders("application/x-www-form-urlencoded"),
                body: Array("name=%C3%28".utf8)))
        assertBadRequest(
            try Request(
                method: .post, target: "/", headers: formHeaders("application/x-www-form-urlencoded"),
                body: [0x6E, 0x3D, 0xFF]))
    }

    func testURLEncodedFormIsDecoded() throws {
        let request = try Request(
            method: .post, target: "/register", headers: formHeaders("application/x-www-form-urlencoded; charset=UTF-8"),
            body: Array("account=li_lei&name=%E6%9D%8E+%E9%9B%B7&note=a%26b%3Dc".utf8))
        XCTAssertEqual(request.form["account"], "li_lei")
        XCTAssertEqual(request.form["name"], "李 雷")
        XCTAssertEqual(request.form["note"], "a&b=c")
    }

    func testMultipartFormHasFieldsAndFiles() throws {
        let body =
            "--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n晚点投诉\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"C:\\\\tmp\\\\seat.png\"\r\nContent-Type: image/png\r\n\r\n\u{1}\u{2}PNG\r\n"
            + "--XyZ--\r\n"
        let request = try Request(
            method: .post, target: "/complaints", headers: formHeaders("multipart/form-data; boundary=XyZ"),
            body: Array(body.utf8))
        XCTAssertEqual(request.form["title"], "晚点投诉")
        XCTAssertEqual(request.files.count, 1)
        XCTAssertEqual(request.files.first?.fieldName, "photo")
        XCTAssertEqual(request.files.first?.filename, "seat.png")
        XCTAssertEqual(request.files.first?.contentType, "image/png")
        XCTAssertEqual(request.files.first?.data, [1, 2, 0x50, 0x4E, 0x47])
    }

    func testMalformedMultipartIsRefused() {
        assertBadRequest(try Request(method: .post, target: "/", headers: formHeaders("multipart/form-data"), body: Array("x".utf8)))
        assertBadRequest(
            try Request(
                method: .post, target: "/", headers: formHeaders("multipart/form-data; boundary=XyZ"),
                body: Array("--XyZ\r\nno headers end".utf8)))
        assertBadRequest(
            try Request(
                method: .post, target: "/", headers: formHeaders("multipart/form-data; boundary=XyZ"),
                body: Array("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nvalue without closing".utf8)))
    }

    func testCookiesAreParsed() throws {
        let request = try Request(method: .get, target: "/", headers: Headers([("Cookie", "lang=en; session=abc=def;broken; lang=zh-CN")]))
        XCTAssertEqual(request.cookies["lang"], "en")
        XCTAssertEqual(request.cookies["session"], "abc=def")
        XCTAssertNil(request.cookies["broken"])
    }

    func testSetCookieHeaderHasSafeDefaults() {
        var cookie = Cookie(name: "session", value: "t0ken", maxAge: 1800)
        XCTAssertEqual(cookie.headerValue, "session=t0ken; Path=/; Max-Age=1800; HttpOnly; SameSite=Lax")
        cookie.isSecure = true
        XCTAssertTrue(cookie.headerValue.contains("; Secure"))
        XCTAssertEqual(Cookie.expired("session").maxAge, 0)
    }

    func testPercentEncodingRoundTrips() throws {
        let text = "北京南 & /?=+"
        let encoded = PercentEncoding.encode(text)
        XCTAssertEqual(encoded, "%E5%8C%97%E4%BA%AC%E5%8D%97%20%26%20%2F%3F%3D%2B")
        XCTAssertEqual(try Request(method: .get, target: "/?q=" + encoded).query["q"], text)
    }
}
