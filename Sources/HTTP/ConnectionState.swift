import CMicroHTTPD
import Locking

/// What the server keeps for one request from its request line to its end.
final class ConnectionState: @unchecked Sendable {
    /// When the request started, for the access log.
    let started: UInt64
    /// The request target as libmicrohttpd handed it over before reading the headers, and its
    /// length up to the first NUL: a raw NUL in the target shows as a shorter length than the
    /// request line's.
    let loggedTarget: UnsafeRawPointer?
    let loggedTargetLength: Int
    /// Set when the target carried more query parameters than a request may (`Request.parameterLimit`):
    /// its query was cut off before libmicrohttpd stored it, and the head check answers 414.
    var hasTooManyParameters = false
    /// True once the head was checked and the request counted in flight.
    var isRegistered = false
    /// The request's id (`RequestID`), chosen when its head arrived.
    var requestID = ""
    /// The client's address as text, read when its head arrived.
    var client = ""
    var body: [UInt8] = []
    /// Body bytes received so far, kept even when an oversized body is dropped.
    var receivedBytes = 0
    /// Set when a response was queued early (body too large, refused head); later calls only drain.
    var isAnswered = false
    /// Set while the answer is being worked out elsewhere and the connection is suspended.
    var isDeferred = false
    /// The answer a deferred response finished with, waiting to be queued once the connection resumes.
    private let finished = Locked<Response?>(nil)

    init(started: UInt64, loggedTarget: UnsafePointer<CChar>?) {
        self.started = started
        self.loggedTarget = loggedTarget.map { UnsafeRawPointer($0) }
        loggedTargetLength = loggedTarget.map { strlen($0) } ?? 0
    }

    /// Keeps the response a deferred one finished with.
    func finish(with response: Response) {
        finished.withLock { $0 = response }
    }

    /// The finished response, once (nil until it is there).
    func takeFinished() -> Response? {
        finished.withLock { response in
            defer { response = nil }
            return response
        }
    }
}

/// Collects the header fields of a connection.
final class HeaderCollector {
    var headers = Headers()
    var query: [String] = []
    /// Bytes of the head's header lines ("name: value\r\n" each).
    var headerBytes = 0
    /// False once a query argument's raw bytes are not valid UTF-8.
    var queryIsValidUTF8 = true
}

/// Starts the state of a request as soon as its request line is read (libmicrohttpd's URI log hook),
/// and cuts off a query with more parameters than a request may carry before libmicrohttpd parses
/// it (the target is the library's own buffer, parsed in place right after this hook).
func startRequest(_ context: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>?, _ connection: OpaquePointer?) -> UnsafeMutableRawPointer? {
    let state = ConnectionState(started: AccessLog.now(), loggedTarget: uri)
    if let uri {
        state.hasTooManyParameters = railbook_cut_long_query(UnsafeMutablePointer(mutating: uri), Request.parameterLimit) != 0
    }
    return Unmanaged.passRetained(state).toOpaque()
}

/// Appends one header field (libmicrohttpd iterator).
func collectHeader(
    _ context: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?,
    _ value: UnsafePointer<CChar>?
) -> MHD_Result {
    guard let context, let key else { return .YES }
    let collector = Unmanaged<HeaderCollector>.fromOpaque(context).takeUnretainedValue()
    let keyLength = strlen(key), valueLength = value.map { strlen($0) } ?? 0
    collector.headerBytes += keyLength + valueLength + 4
    collector.headers.add(
        String(decoding: UnsafeRawBufferPointer(start: key, count: keyLength), as: UTF8.self),
        value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: valueLength), as: UTF8.self) } ?? "")
    return .YES
}

/// Appends one raw query argument, still percent-encoded (libmicrohttpd iterator).
func collectQueryArgument(
    _ context: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?,
    _ value: UnsafePointer<CChar>?
) -> MHD_Result {
    guard let context, let key else { return .YES }
    let collector = Unmanaged<HeaderCollector>.fromOpaque(context).takeUnretainedValue()
    guard let name = String(validatingCString: key), let text = value.map(String.init(validatingCString:)) ?? "" else {
        collector.queryIsValidUTF8 = false
        return .YES
    }
    collector.query.append(value == nil ? name : name + "=" + text)
    return .YES
}

/// Leaves percent-escapes in place so `Request` decodes and validates them itself.
func keepEscapes(_ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ text: UnsafeMutablePointer<CChar>?) -> Int {
    guard let text else { return 0 }
    return strlen(text)
}

/// Frees the per-request state once libmicrohttpd is done with the request.
func handleCompletion(
    _ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ reason: MHD_RequestTerminationCode
) {
    guard let context else { return }
    let server = Unmanaged<Server>.fromOpaque(context).takeUnretainedValue()
    if let connection { server.watch.requestEnded(connection) }
    guard let requestContext, let stored = requestContext.pointee else { return }
    let state = Unmanaged<ConnectionState>.fromOpaque(stored).takeRetainedValue()
    requestContext.pointee = nil
    if state.isRegistered { server.requestsInFlight.subtract(1, ordering: .releasing) }
}

/// Follows connections as they open and close (libmicrohttpd's connection hook), for the head deadline.
func noteConnection(
    _ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ event: MHD_ConnectionNotificationCode
) {
    guard let context, let connection else { return }
    let server = Unmanaged<Server>.fromOpaque(context).takeUnretainedValue()
    if event.rawValue == 0 { // MHD_CONNECTION_NOTIFY_STARTED
        server.watch.opened(connection, socket: railbook_connection_socket(connection))
    } else {
        server.watch.closed(connection)
    }
}

/// libmicrohttpd's accept policy: a connection from an IPv4 address that has its limit of
/// connections open is refused here, where it is counted (libmicrohttpd's own per-address limit,
/// kept as well, would close it without a word).
func admitConnection(_ context: UnsafeMutableRawPointer?, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> MHD_Result {
    guard let context, let address, address.pointee.sa_family == sa_family_t(AF_INET) else { return .YES }
    let server = Unmanaged<Server>.fromOpaque(context).takeUnretainedValue()
    let ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr }
    return server.watch.admits(address: ipv4, limit: server.configuration.maxConnectionsPerAddress) ? .YES : .NO
}
