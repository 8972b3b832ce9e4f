import Glibc

/// Where a server listens and the limits that protect it from bad or slow clients.
public struct ServerConfiguration: Sendable {
    /// An IPv4 address to bind, e.g. "127.0.0.1".
    public var host: String = "127.0.0.1"
    /// The TCP port; 0 picks a free one (see `Server.port`).
    public var port: Int = 8080
    /// Worker threads in the epoll pool; defaults to the number of cores.
    public var threadCount: Int = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    /// Seconds of inactivity after which a connection is closed, so slow clients cannot hold it.
    public var connectionTimeout: Int = 15
    /// Memory per connection for the request line and headers; larger headers are refused (431).
    public var maxHeaderBytes: Int = 32 * 1024
    /// The largest request body accepted; larger ones get 413.
    public var maxBodyBytes: Int = 2 * 1024 * 1024
    /// Whether to write one access-log line per request to standard output.
    public var logsRequests: Bool = true

    /// The defaults: 127.0.0.1:8080, one thread per core.
    public init() {}
}
