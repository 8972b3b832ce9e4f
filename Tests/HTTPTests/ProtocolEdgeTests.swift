import Foundation
import HTTP
import XCTest

/// Requests at the edges of the protocol get a clear answer of the responder's own, at once: raw
/// NUL and invalid UTF-8 in the request line, transfer codings the server does not take, targets
/// and heads that are too long.
final class ProtocolEdgeTests: XCTestCase {
    private var server: Server!

    override func setUpWithError() throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.logsRequests = false
        server = Server(responder: EchoResponder(), configuration: configuration)
        try server.start()
    }

    override func tearDown() {
        server.stop()
    }

    /// Sends `request` on a new connection; returns the answer and how long it took.
    private func answer(_ request: [UInt8]) throws -> (response: RawResponse, seconds: Double) {
        let connection = try RawHTTPConnection(port: server.port)
        let started = Date()
        connection.send(request)
        let response = try XCTUnwrap(connection.readResponse(), "no answer to \(String(decoding: request.prefix(60), as: UTF8.self))")
        return (response, Date().timeIntervalSince(started))
    }

    private func answer(_ request: String) throws -> (response: RawResponse, seconds: Double) {
        try answer(Array(request.utf8))
    }

    func testARawNULInThePathOrQueryIsABadRequest() throws {
        for request in ["GET /echo\0.txt HTTP/1.1\r\nHost: x\r\n\r\n", "GET /echo?q=a\0b HTTP/1.1\r\nHost: x\r\n\r\n"] {
            let (response, _) = try answer(request)
            XCTAssertEqual(response.status, 400, request.debugDescription)
            XCTAssertEqual(response.header("X-Refused"), "yes", "the responder's own page")
        }
    }

    func testRawInvalidUTF8InThePathOrQueryIsABadRequest() throws {
        for raw in [Array("GET /echo".utf8) + [0xFF, 0xFE], Array("GET /echo?q=".utf8) + [0xC3, 0x28]] {
            let (response, _) = try answer(raw + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            XCTAssertEqual(response.status, 400)
            XCTAssertEqual(response.header("X-Refused"), "yes")
        }
        let (valid, _) = try answer(Array("GET /echo?q=".utf8) + Array("北".utf8) + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        XCTAssertEqual(valid.status, 200, "raw UTF-8 that is valid is taken")
    }

    func testUnknownOrNonFinalTransferCodingsAreAnsweredAtOnce() throws {
        let cases = [("xchunked", 501), ("gzip, chunked", 501), ("chunked, gzip", 400), ("chunked, chunked", 400)]
        for (coding, status) in cases {
            let (response, seconds) = try answer("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \(coding)\r\n\r\n")
            XCTAssertEqual(response.status, status, coding)
            XCTAssertEqual(response.header("X-Refused"), "yes", coding)
            XCTAssertLessThan(seconds, 5, "\(coding) waited for a body it cannot read")
        }
        let (both, _) = try answer("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\nabc")
        XCTAssertEqual(both.status, 400, "both Transfer-Encoding and Content-Length")
    }

    func testATooLongTargetGetsTheResponders414() throws {
        for length in [17_000, 40_000] {
            let (response, _) = try answer("GET /echo?q=\(String(repeating: "a", count: length)) HTTP/1.1\r\nHost: x\r\n\r\n")
            XCTAssertEqual(response.status, 414, "\(length)")
            XCTAssertEqual(response.header("X-Refused"), "yes", "\(length)")
        }
    }

    func testTooManyHeaderBytesGetTheResponders431() throws {
        let (response, _) = try answer("GET /echo HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 20_000))\r\n\r\n")
        XCTAssertEqual(response.status, 431)
        XCTAssertEqual(response.header("X-Refused"), "yes")
    }

    /// A browser's usual head, so the request line is not all the connection's memory holds.
    private let browserHead =
        "Host: x\r\nUser-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 "
        + "Safari/537.36\r\nAccept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\r\nAccept-Language: en-US,en;q=0.5\r\n"

    func testMoreQueryParametersThanAPageSendsGetTheResponders414AtOnce() throws {
        for count in [Request.parameterLimit + 1, 951, 2_000] {
            let query = Array(repeating: "a=1", count: count).joined(separator: "&")
            let (response, seconds) = try answer("GET /echo?\(query) HTTP/1.1\r\n\(browserHead)\r\n")
            XCTAssertEqual(response.status, 414, "\(count) parameters")
            XCTAssertEqual(response.header("X-Refused"), "yes", "\(count) parameters")
            XCTAssertLessThan(seconds, 5, "\(count) parameters were answered only when the connection timed out")
        }
        let query = Array(repeating: "q=1", count: Request.parameterLimit).joined(separator: "&")
        let (taken, _) = try answer("GET /echo?\(query) HTTP/1.1\r\n\(browserHead)\r\n")
        XCTAssertEqual(taken.status, 200, "as many parameters as a page may send were refused")
    }

    func testMoreFormFieldsThanAPageSendsAreABadRequest() throws {
        let fields = Array(repeating: "a=1", count: Request.parameterLimit + 1).joined(separator: "&")
        let (form, _) = try answer(
            "POST /echo HTTP/1.1\r\n\(browserHead)Content-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: \(fields.utf8.count)\r\n\r\n\(fields)")
        XCTAssertEqual(form.status, 400)
        XCTAssertEqual(form.header("X-Refused"), "yes")
        let parts = (0...Request.parameterLimit).map { _ in "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n" }.joined() + "--b--\r\n"
        let (multipart, _) = try answer(
            "POST /echo HTTP/1.1\r\n\(browserHead)Content-Type: multipart/form-data; boundary=b\r\n"
                + "Content-Length: \(parts.utf8.count)\r\n\r\n\(parts)")
        XCTAssertEqual(multipart.status, 400)
        XCTAssertEqual(multipart.header("X-Refused"), "yes")
    }
}
