import CMicroHTTPD
import Glibc
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd: epoll with an internal thread pool, keep-alive, limits on
/// connections (in all and per address), on the time to send a request head, on head, target and
/// body sizes, and on idle time. Hands every request to its responder.
public final class Server: @unchecked Sendable {
    /// The application answering requests.
    let responder: any HTTPResponder
    /// The listening address and limits.
    public let configuration: ServerConfiguration
    /// Closes connections that take too long to send a request head.
    let watch: ConnectionWatch
    private var daemon: OpaquePointer?
    private var listener: ListeningSocket?
    /// Requests registered but not yet completed (their response not yet sent).
    let requestsInFlight = Atomic<Int>(0)
    /// Connections suspended while their deferred response is worked out.
    let suspendedConnections = Atomic<Int>(0)
    /// Where libmicrohttpd's message hook counts connections closed at the total limit.
    private let refusedAtLimit: UnsafeMutablePointer<UInt> = {
        let count = UnsafeMutablePointer<UInt>.allocate(capacity: 1)
        count.initialize(to: 0)
        return count
    }()

    /// A server that will hand requests to `responder`; call `start()` to listen.
    public init(responder: any HTTPResponder, configuration: ServerConfiguration = ServerConfiguration()) {
        self.responder = responder
        self.configuration = configuration
        watch = ConnectionWatch(headTimeout: configuration.headTimeout)
    }

    /// Binds and starts serving on background threads. Throws when the address is invalid or taken.
    public func start() throws(ServerError) {
        let listener = try ListeningSocket(host: configuration.host, port: configuration.port)
        Server.allowOpenFiles(configuration.maxConnections + 256)
        let context = Unmanaged.passUnretained(self).toOpaque()
        // The limit per address is kept by the accept policy (`admitConnection`), which counts what it
        // refuses; libmicrohttpd checks its own before asking the policy, so it gets one more, as a
        // backstop for connections from one address accepted on two threads at the same moment.
        var settings = railbook_daemon_settings(
            listen_socket: listener.descriptor, threads: UInt32(configuration.threadCount),
            timeout_seconds: UInt32(configuration.connectionTimeout), memory_limit: configuration.connectionMemoryBytes,
            connection_limit: UInt32(configuration.maxConnections), per_address_limit: UInt32(configuration.maxConnectionsPerAddress + 1),
            handler: handleAccess, context: context, completed: handleCompletion, unescape: keepEscapes, uri_log: startRequest,
            notify_connection: noteConnection, accept_policy: admitConnection, refused_connections: refusedAtLimit)
        daemon = railbook_start_daemon(&settings)
        guard daemon != nil else {
            close(listener.descriptor)
            throw ServerError.cannotStart(host: configuration.host, port: listener.port)
        }
        self.listener = listener
        watch.start()
    }

    /// How many requests have arrived and not yet been answered and sent.
    public var requestsInProgress: Int { requestsInFlight.load(ordering: .acquiring) }

    /// How many connections are open now.
    public var openConnections: Int { watch.openConnections }

    /// Connections closed without being served: at the total connection limit, at the limit per
    /// address, and because their request head did not arrive within the head deadline.
    public var refusedConnections: (atLimit: Int, atAddressLimit: Int, headOverdue: Int) {
        (
            Int(railbook_load_count(refusedAtLimit)), watch.refusedAtAddressLimit.load(ordering: .relaxed),
            watch.headsOverdue.load(ordering: .relaxed)
        )
    }

    /// The port actually bound (differs from the configuration when it asked for port 0).
    public var port: Int { listener?.port ?? configuration.port }

    /// Stops accepting connections, lets requests in flight finish and send their responses
    /// (waiting at most `gracePeriod` seconds; a deferred one is always waited for, as the library
    /// must not stop with a connection suspended), then shuts the threads down.
    public func stop(gracePeriod: Int = 10) {
        guard let daemon else { return }
        let quiesced = MHD_quiesce_daemon(daemon)
        if quiesced >= 0 { close(quiesced) }
        var waited = 0
        while requestsInFlight.load(ordering: .acquiring) > 0, waited < gracePeriod * 100 {
            usleep(10_000)
            waited += 1
        }
        // libmicrohttpd must not stop with a connection suspended: deferred work is short, wait for it.
        while suspendedConnections.load(ordering: .acquiring) > 0, waited < gracePeriod * 600 {
            usleep(10_000)
            waited += 1
        }
        watch.stop()
        MHD_stop_daemon(daemon)
        self.daemon = nil
        listener = nil
    }

    deinit {
        stop()
        refusedAtLimit.deallocate()
    }

    /// Raises the soft limit on open files towards `count` (up to the hard limit), so the connection
    /// limit, not the descriptor limit, is what turns clients away.
    private static func allowOpenFiles(_ count: Int) {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0, limits.rlim_cur < rlim_t(count) else { return }
        limits.rlim_cur = min(rlim_t(count), limits.rlim_max)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits)
    }
}
