import Glibc

/// The server's own listening TCP socket: bound without `SO_REUSEPORT`, so a port is one server's
/// alone (a second server on it fails to start instead of sharing the traffic), with
/// `SO_REUSEADDR` so a restart need not wait for old connections to time out.
struct ListeningSocket {
    let descriptor: Int32
    /// The port bound (the one asked for, or the one picked for port 0).
    let port: Int

    /// Binds and listens on `host`:`port`; throws `ServerError` saying why not.
    init(host: String, port: Int, backlog: Int32 = 1024) throws(ServerError) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw ServerError.invalidHost(host) }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ServerError.cannotListen(host: host, port: port, errno: errno) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, backlog) == 0 else {
            let error = errno
            close(descriptor)
            throw ServerError.cannotListen(host: host, port: port, errno: error)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: actual.sin_port))
    }
}

/// Why a server could not start.
public enum ServerError: Error, CustomStringConvertible {
    case invalidHost(String)
    case cannotListen(host: String, port: Int, errno: Int32)
    case cannotStart(host: String, port: Int)

    public var description: String {
        switch self {
        case .invalidHost(let host): "invalid IPv4 address to listen on: \(host)"
        case .cannotListen(let host, let port, EADDRINUSE): "cannot listen on \(host):\(port) (is the port in use?)"
        case .cannotListen(let host, let port, EACCES): "cannot listen on \(host):\(port) (permission denied)"
        case .cannotListen(let host, let port, let error): "cannot listen on \(host):\(port) (\(String(cString: strerror(error))))"
        case .cannotStart(let host, let port): "cannot start the server on \(host):\(port)"
        }
    }
}
