import Glibc
import XCTest

/// A plain TCP connection to a local server, for sending exactly the bytes a test wants.
final class RawHTTPConnection {
    private let socketDescriptor: Int32

    /// Connects to 127.0.0.1:`port` from `source` (any loopback address: 127.0.0.2 is another client).
    init(port: Int, from source: String = "127.0.0.1", timeoutSeconds: Int = 10) throws {
        socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socketDescriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    deinit { close(socketDescriptor) }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(socketDescriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Reads one response: the head, then `Content-Length` bytes of body (none for HEAD).
    func readResponse(expectBody: Bool = true) -> RawResponse? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let end = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
                let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                let response = RawResponse(head: head)
                let length = expectBody ? Int(response.header("Content-Length") ?? "0") ?? 0 : 0
                if buffer.count - end.upperBound >= length {
                    return RawResponse(head: head, body: Array(buffer[end.upperBound..<(end.upperBound + length)]))
                }
            }
            let count = recv(socketDescriptor, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// True when the server closed the connection within `waitingMilliseconds` (data that arrives is read and dropped).
    func isClosedByServer(waitingMilliseconds: Int) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        var descriptor = pollfd(fd: socketDescriptor, events: Int16(POLLIN), revents: 0)
        let deadline = Date(timeIntervalSinceNow: Double(waitingMilliseconds) / 1000)
        while true {
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            guard poll(&descriptor, 1, left) > 0 else { return false }
            let count = recv(socketDescriptor, &chunk, chunk.count, Int32(MSG_DONTWAIT))
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    /// True when the server closed the connection (reads end), within the receive timeout.
    func isClosedByServer() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socketDescriptor, &chunk, chunk.count, 0)
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }
}

struct RawResponse {
    let statusLine: String
    let headers: [(String, String)]
    var body: [UInt8] = []

    init(head: String, body: [UInt8] = []) {
        let lines = head.components(separatedBy: "\r\n")
        statusLine = lines.first ?? ""
        headers = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        self.body = body
    }

    var status: Int { Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0 }

    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
}
