import CMicroHTTPD
import Glibc
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd: epoll with an internal thread pool, keep-alive,
/// header, body and idle-time limits. Hands every request to its responder.
public final class Server: @unchecked Sendable {
    /// The application answering requests.
    let responder: any HTTPResponder
    /// The listening address and limits.
    public let configuration: ServerConfiguration
    private var daemon: OpaquePointer?
    /// Requests registered but not yet completed (their response not yet sent).
    let requestsInFlight = Atomic<Int>(0)

    /// A server that will hand requests to `responder`; call `start()` to listen.
    public init(responder: any HTTPResponder, configuration: ServerConfiguration = ServerConfiguration()) {
        self.responder = responder
        self.configuration = configuration
    }

    /// Binds and starts serving on background threads. Throws when the address is invalid or taken.
    public func start() throws(ServerError) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(configuration.port).bigEndian)
        guard inet_pton(AF_INET, configuration.host, &address.sin_addr) == 1 else {
            throw ServerError.invalidHost(configuration.host)
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        daemon = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                railbook_start_daemon(socketAddress, UInt32(configuration.threadCount),
                                      UInt32(configuration.connectionTimeout), configuration.maxHeaderBytes,
                                      handleAccess, context, handleCompletion, keepEscapes)
            }
        }
        guard daemon != nil else { throw ServerError.cannotListen(host: configuration.host, port: configuration.port) }
    }

    /// How many requests have arrived and not yet been answered and sent.
    public var requestsInProgress: Int { requestsInFlight.load(ordering: .acquiring) }

    /// The port actually bound (differs from the configuration when it asked for port 0).
    public var port: Int {
        guard let daemon else { return configuration.port }
        return Int(railbook_daemon_port(daemon))
    }

    /// Stops accepting connections, lets requests in flight finish and send their responses
    /// (waiting at most `gracePeriod` seconds), then shuts the threads down.
    public func stop(gracePeriod: Int = 10) {
        guard let daemon else { return }
        let listener = MHD_quiesce_daemon(daemon)
        if listener >= 0 { close(listener) }
        var waited = 0
        while requestsInFlight.load(ordering: .acquiring) > 0, waited < gracePeriod * 100 {
            usleep(10_000)
            waited += 1
        }
        MHD_stop_daemon(daemon)
        self.daemon = nil
    }

    deinit { stop() }
}

/// Why a server could not start.
public enum ServerError: Error, CustomStringConvertible {
    case invalidHost(String)
    case cannotListen(host: String, port: Int)

    public var description: String {
        switch self {
        case .invalidHost(let host): "invalid IPv4 address to listen on: \(host)"
        case .cannotListen(let host, let port): "cannot listen on \(host):\(port) (is the port in use?)"
        }
    }
}
