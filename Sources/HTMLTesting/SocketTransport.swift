import Glibc
import HTTP

/// Talks HTTP/1.1 to a server on 127.0.0.1 over a real TCP socket, one connection per request
/// (`Connection: close`), reading the answer until the server closes it. Set-Cookie headers come
/// back as the response's cookies, as a browser would read them.
public final class SocketTransport: TestTransport {
    /// The server's port on 127.0.0.1.
    public let port: Int
    /// Seconds to wait for the server to send anything before giving up.
    public var timeoutSeconds = 60

    public init(port: Int) {
        self.port = port
    }

    public func exchange(_ method: HTTPMethod, _ target: String, headers: Headers, body: [UInt8]) throws -> Response {
        let connection = try TestSocket(port: port, timeoutSeconds: timeoutSeconds)
        defer { connection.close() }
        var head = "\(method.rawValue) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers where !name.equalsIgnoringCase("Content-Length") && !name.equalsIgnoringCase("Connection") {
            head += "\(name): \(value)\r\n"
        }
        if method != .get || !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        try connection.send(Array((head + "\r\n").utf8) + body)
        return try HTTPResponseParser.parse(try connection.receiveAll(), method: method)
    }
}

/// A connected TCP socket to 127.0.0.1 with a receive timeout.
public final class TestSocket {
    private var descriptor: Int32

    /// Connects to 127.0.0.1:`port` from `source` (another loopback address is another client);
    /// throws when nothing listens there.
    public init(port: Int, from source: String = "127.0.0.1", timeoutSeconds: Int = 60) throws {
        descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestSocketError("socket: errno \(errno)") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            Glibc.close(descriptor)
            throw TestSocketError("bind to \(source): errno \(errno)")
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let error = errno
            Glibc.close(descriptor)
            throw TestSocketError("connect to 127.0.0.1:\(port): errno \(error)")
        }
    }

    deinit { close() }

    /// Sends all of `bytes`.
    public func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw TestSocketError("send: errno \(errno)") }
            sent += count
        }
    }

    /// Sends `text` as UTF-8.
    public func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Reads what has arrived, waiting for at least one byte; empty when the server closed the connection.
    public func receive() throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw TestSocketError(errno == EAGAIN ? "no answer before the timeout" : "recv: errno \(errno)") }
            return Array(buffer[0..<count])
        }
    }

    /// Reads until the server closes the connection.
    public func receiveAll() throws -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let chunk = try receive()
            if chunk.isEmpty { return bytes }
            bytes += chunk
        }
    }

    /// Reads until `marker` has arrived (or the connection closes); returns everything read.
    public func receive(until marker: String) throws -> [UInt8] {
        let wanted = Array(marker.utf8)
        var bytes: [UInt8] = []
        while !bytes.contains(subsequence: wanted) {
            let chunk = try receive()
            if chunk.isEmpty { break }
            bytes += chunk
        }
        return bytes
    }

    /// True while the server has not closed the connection (checked within `waitingMilliseconds`).
    public func isOpen(waitingMilliseconds: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard descriptor >= 0 else { return false }
        guard poll(&poller, 1, waitingMilliseconds) > 0 else { return true }
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count > 0 || (count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
    }

    /// Closes the connection (safe to call twice).
    public func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }
}

/// Why a socket call of a test failed.
public struct TestSocketError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension Array where Element == UInt8 {
    /// True when `needle` occurs somewhere in the bytes.
    func contains(subsequence needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, count >= needle.count else { return needle.isEmpty }
        return (0...(count - needle.count)).contains { start in self[start..<(start + needle.count)].elementsEqual(needle) }
    }
}

extension String {
    func equalsIgnoringCase(_ other: String) -> Bool { lowercased() == other.lowercased() }
}
