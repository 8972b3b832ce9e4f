import Foundation
import Glibc
import HTTP
import XCTest

/// One client cannot hold the server: a request head must arrive in time even on a connection that
/// keeps sending, and connections are limited per address and in all.
final class ConnectionLimitTests: XCTestCase {
    private func startServer(_ configure: (inout ServerConfiguration) -> Void) throws -> Server {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.logsRequests = false
        configure(&configuration)
        let server = Server(responder: EchoResponder(), configuration: configuration)
        try server.start()
        return server
    }

    func testAHeadSentOneLineAtATimeIsCutOffAtTheHeadDeadline() throws {
        let server = try startServer { $0.headTimeout = 2 }
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        let started = Date()
        connection.send("GET /echo HTTP/1.1\r\nHost: x\r\n")
        var closed = false
        for line in 0..<40 where !closed {
            usleep(250_000)
            connection.send("X-Slow-\(line): y\r\n")
            closed = connection.isClosedByServer(waitingMilliseconds: 1)
        }
        let seconds = Date().timeIntervalSince(started)
        XCTAssertTrue(closed, "a connection that never finished its head is still open after \(seconds) s")
        XCTAssertEqual(server.refusedConnections.headOverdue, 1, "the closing was not counted")
        XCTAssertGreaterThan(seconds, 1.5, "closed before the head deadline")
        XCTAssertLessThan(seconds, 6, "closed long after the head deadline")
    }

    func testAKeptAliveConnectionWaitingForItsNextHeadIsClosedAtTheDeadline() throws {
        let server = try startServer { $0.headTimeout = 2 }
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        connection.send("GET /echo HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(try XCTUnwrap(connection.readResponse()).status, 200)
        let started = Date()
        XCTAssertTrue(connection.isClosedByServer())
        XCTAssertLessThan(Date().timeIntervalSince(started), 6)
    }

    func testConnectionsPerAddressAreLimitedAndOtherAddressesAreServed() throws {
        let server = try startServer { $0.maxConnectionsPerAddress = 5 }
        defer { server.stop() }
        // Each held connection is answered once before the next opens, so all five are counted
        // before the sixth arrives: the server's threads accept in no set order.
        let held = try (0..<5).map { _ in
            let connection = try RawHTTPConnection(port: server.port, from: "127.0.0.2")
            connection.send("GET /echo HTTP/1.1\r\nHost: x\r\n\r\n")
            XCTAssertEqual(try XCTUnwrap(connection.readResponse()).status, 200)
            connection.send("GET /echo HTTP/1.1\r\n")
            return connection
        }
        let extra = try RawHTTPConnection(port: server.port, from: "127.0.0.2")
        XCTAssertTrue(extra.isClosedByServer(waitingMilliseconds: 2000), "a sixth connection from one address was kept")
        XCTAssertEqual(server.refusedConnections.atAddressLimit, 1, "the refusal was not counted")
        let other = try RawHTTPConnection(port: server.port, from: "127.0.0.1")
        other.send("GET /echo HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(try XCTUnwrap(other.readResponse()).status, 200, "another address was turned away")
        held[0].send("Host: x\r\n\r\n")
        XCTAssertEqual(try XCTUnwrap(held[0].readResponse()).status, 200, "a held connection was not served")
    }

    func testConnectionsBeyondTheTotalLimitWaitUntilOneIsFree() throws {
        let server = try startServer {
            $0.maxConnections = 6
            $0.threadCount = 1
        }
        defer { server.stop() }
        var held = try (2..<8).map { try RawHTTPConnection(port: server.port, from: "127.0.0.\($0)") }
        for connection in held { connection.send("GET /echo HTTP/1.1\r\n") }
        let extra = try RawHTTPConnection(port: server.port, from: "127.0.0.9", timeoutSeconds: 1)
        extra.send("GET /echo HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertNil(extra.readResponse(), "a connection beyond the total limit was served")
        held.removeFirst() // closes one
        let answer = try XCTUnwrap(extra.readResponse(), "the waiting connection was not served once one was free")
        XCTAssertEqual(answer.status, 200)
    }
}
