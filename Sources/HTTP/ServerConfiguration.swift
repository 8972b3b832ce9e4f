import Glibc

/// Where a server listens and the limits that protect it from bad, slow or greedy clients.
public struct ServerConfiguration: Sendable {
    /// An IPv4 address to bind, e.g. "127.0.0.1".
    public var host: String = "127.0.0.1"
    /// The TCP port; 0 picks a free one (see `Server.port`).
    public var port: Int = 8080
    /// Worker threads in the epoll pool; four per core by default: a thread waiting for a database
    /// commit to be flushed uses no core, and the more requests wait together, the more writes one
    /// flush commits (group commit).
    public var threadCount: Int = 4 * max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    /// Seconds of inactivity after which a connection is closed, so slow clients cannot hold it.
    public var connectionTimeout: Int = 15
    /// Seconds a connection may take to send a complete request head (request line and headers),
    /// counted from when it opened or from the end of its previous request: one header line every
    /// few seconds keeps a connection busy but does not keep it open past this.
    public var headTimeout: Int = 10
    /// The largest request head taken (request line and headers, in bytes); larger ones get 431.
    public var maxHeaderBytes: Int = 16 * 1024
    /// The longest request target taken (path and query, in bytes); longer ones get 414.
    public var maxTargetBytes: Int = 8 * 1024
    /// Memory per connection for the request head and the response headers (libmicrohttpd's pool).
    /// It is kept well above `maxHeaderBytes`, so a head that is too large still leaves room for the
    /// answer that says so.
    public var connectionMemoryBytes: Int = 64 * 1024
    /// The largest request body accepted; larger ones get 413.
    public var maxBodyBytes: Int = 2 * 1024 * 1024
    /// Connections open at once, in all; a connection beyond it is closed as soon as it is accepted.
    public var maxConnections: Int = 4096
    /// Connections open at once from one client address; beyond it, a new one is closed at once.
    public var maxConnectionsPerAddress: Int = 256
    /// Whether to write one access-log line per request to standard output.
    public var logsRequests: Bool = true
    /// Told of every answered request, after its response was queued (for metrics); nil: nobody.
    public var onAnswered: (@Sendable (AnsweredRequest) -> Void)?

    /// The defaults: 127.0.0.1:8080, four threads per core.
    public init() {}
}

/// One answered request as the metrics count it.
public struct AnsweredRequest: Sendable {
    /// The route that answered as registered, or a name for those none did ("(static)", "(not found)", "(other)").
    public let route: String
    public let method: String
    public let status: Int
    public let microseconds: UInt64
}
