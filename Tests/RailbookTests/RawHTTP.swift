import Foundation
import Glibc

/// A bare HTTP/1.1 client on a loopback socket, one request per connection, so a test sees exactly
/// what the server sent: no redirects followed, no cookies kept, nothing cached.
enum RawHTTP {
    /// The status, headers and body of one response.
    struct Answer {
        let status: Int
        let headers: [(name: String, value: String)]
        let body: [UInt8]

        /// The first header called `name` (any case).
        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends one request to 127.0.0.1:`port` and reads the answer until the server closes the connection.
    static func send(port: Int, method: String, target: String, headers: [(String, String)] = [], body: [UInt8] = []) throws -> Answer {
        let socket = try connect(port: port)
        defer { close(socket) }
        try write(request(port: port, method: method, target: target, headers: headers, body: body), to: socket)
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Failure(description: "recv: errno \(errno)") }
            if count == 0 { break }
            response += buffer[0..<count]
        }
        return try parse(response)
    }

    /// Sends one request to 127.0.0.1:`port` and hangs up as soon as the first byte of the answer
    /// arrives: the server did the work, the client never sees what came of it.
    static func sendAndHangUp(port: Int, method: String, target: String, headers: [(String, String)] = [], body: [UInt8] = []) throws {
        let socket = try connect(port: port)
        defer { close(socket) }
        try write(request(port: port, method: method, target: target, headers: headers, body: body), to: socket)
        var first: UInt8 = 0
        guard recv(socket, &first, 1, 0) == 1 else { throw Failure(description: "no answer began: errno \(errno)") }
    }

    /// A socket connected to 127.0.0.1:`port`.
    private static func connect(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(description: "connect: errno \(errno)")
        }
        return socket
    }

    /// The bytes of a request that asks the server to close the connection after its answer.
    private static func request(port: Int, method: String, target: String, headers: [(String, String)], body: [UInt8]) -> [UInt8] {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }

    /// Writes all of `bytes` to `socket`.
    private static func write(_ bytes: [UInt8], to socket: Int32) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send: errno \(errno)") }
            sent += count
        }
    }

    private static func parse(_ response: [UInt8]) throws -> Answer {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = (0..<max(0, response.count - 3)).first(where: { Array(response[$0..<($0 + 4)]) == separator }) else {
            throw Failure(description: "no end of headers in \(response.count) bytes")
        }
        let lines = String(decoding: response[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line \(lines[0])") }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Answer(status: status, headers: headers, body: Array(response[(end + 4)...]))
    }
}
