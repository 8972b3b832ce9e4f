import Foundation
import HTTP
import XCTest

/// A small responder: echoes what it decoded, and renders refusals as plain pages.
struct EchoResponder: HTTPResponder {
    func respond(to request: Request) -> Response {
        switch request.path {
        case "/slow":
            usleep(300_000)
            return .text("slow done")
        case "/echo":
            let fields = request.form.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
            return .text("\(request.method) \(request.path) q=\(request.query["q"] ?? "-") form=\(fields) from=\(request.remoteAddress)")
        default:
            return .text("not here", status: .notFound)
        }
    }

    func respond(to error: HTTPError, method: HTTPMethod, target: String, headers: Headers) -> Response {
        var response = Response.html(Array("<p>\(error.status)</p>".utf8), status: error.status)
        response.headers.add("X-Refused", "yes")
        return response
    }
}

final class ServerTests: XCTestCase {
    private var server: Server!

    override func setUpWithError() throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.maxBodyBytes = 1024
        configuration.maxHeaderBytes = 8 * 1024
        configuration.connectionTimeout = 2
        configuration.logsRequests = false
        server = Server(responder: EchoResponder(), configuration: configuration)
        try server.start()
    }

    override func tearDown() {
        server.stop()
    }

    func testKeepAliveServesSeveralRequestsOnOneConnectionWithDateAndLength() throws {
        let connection = try RawHTTPConnection(port: server.port)
        for number in 1...3 {
            connection.send("GET /echo?q=%E5%8C%97+\(number) HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let response = try XCTUnwrap(connection.readResponse())
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "GET /echo q=北 \(number) form= from=127.0.0.1")
            XCTAssertNotNil(response.header("Date"))
            XCTAssertEqual(response.header("Content-Length"), String(response.body.count))
        }
    }

    func testHeadAnswersWithLengthButNoBody() throws {
        let connection = try RawHTTPConnection(port: server.port)
        connection.send("HEAD /echo HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let head = try XCTUnwrap(connection.readResponse(expectBody: false))
        XCTAssertEqual(head.status, 200)
        XCTAssertNotEqual(head.header("Content-Length"), "0")
        connection.send("GET /echo HTTP/1.1\r\nHost: localhost\r\n\r\n")
        XCTAssertTrue(String(decoding: try XCTUnwrap(connection.readResponse()).body, as: UTF8.self).hasPrefix("GET /echo"))
    }

    func testPostedFormReachesTheResponder() throws {
        let connection = try RawHTTPConnection(port: server.port)
        let body = "name=%E6%9D%8E&seat=12F"
        connection.send(
            "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        )
        XCTAssertEqual(
            String(decoding: try XCTUnwrap(connection.readResponse()).body, as: UTF8.self),
            "POST /echo q=- form=name=李,seat=12F from=127.0.0.1")
    }

    func testBadInputGetsErrorsAndTheServerKeepsServing() throws {
        let cases: [(String, Int)] = [
            ("GET /echo?q=%E5%8C HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("GET /%FF%FE HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("GET /  HTTP/1.1 extra\r\nHost: x\r\n\r\n", 400),
            ("GET / HTTP/9.9\r\nHost: x\r\n\r\n", 505),
            ("GET /echo HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 10_000))\r\n\r\n", 431),
            ("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n", 413),
        ]
        for (request, expected) in cases {
            let connection = try RawHTTPConnection(port: server.port)
            connection.send(request)
            let response = try XCTUnwrap(connection.readResponse(), request)
            XCTAssertEqual(response.status, expected, String(request.prefix(40)))
        }
        let garbage = try RawHTTPConnection(port: server.port)
        garbage.send("GARBAGE\r\n\r\n")
        XCTAssertTrue(garbage.isClosedByServer(), "an unparseable request line closes the connection")
        let refused = try RawHTTPConnection(port: server.port)
        refused.send("GET /echo?q=%E5%8C HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(try XCTUnwrap(refused.readResponse()).header("X-Refused"), "yes")
        let healthy = try RawHTTPConnection(port: server.port)
        healthy.send("GET /echo HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(try XCTUnwrap(healthy.readResponse()).status, 200)
    }

    func testChunkedBodyOverTheLimitIsRefused() throws {
        let connection = try RawHTTPConnection(port: server.port)
        let chunk = String(repeating: "a", count: 800)
        connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\n\r\n")
        connection.send("320\r\n\(chunk)\r\n320\r\n\(chunk)\r\n0\r\n\r\n")
        XCTAssertEqual(try XCTUnwrap(connection.readResponse()).status, 413)
    }

    func testIdleConnectionIsClosedByTheServer() throws {
        let connection = try RawHTTPConnection(port: server.port)
        connection.send("GET /echo HTTP/1.1\r\nHost: x\r\n")
        XCTAssertTrue(connection.isClosedByServer())
    }

    func testStopFinishesTheRequestInFlight() throws {
        let port = server.port
        let connection = try RawHTTPConnection(port: port)
        connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        for _ in 0..<500 where server.requestsInProgress == 0 { usleep(10_000) }
        XCTAssertEqual(server.requestsInProgress, 1, "the slow request has arrived")
        let server = self.server!
        let stopping = Thread { server.stop() }
        stopping.start()
        let response = try XCTUnwrap(connection.readResponse())
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "slow done")
        while stopping.isExecuting { usleep(10_000) }
        XCTAssertThrowsError(try RawHTTPConnection(port: port))
    }
}
