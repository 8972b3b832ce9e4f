import CMicroHTTPD
import Synchronization

/// What the server keeps for one request while its body arrives.
final class ConnectionState {
    /// When the request started, for the access log.
    let started: UInt64
    var body: [UInt8] = []
    /// Body bytes received so far, kept even when an oversized body is dropped.
    var receivedBytes = 0
    /// Set when a response was queued early (body too large); later calls only drain.
    var isAnswered = false

    init(started: UInt64) { self.started = started }
}

/// Collects the header fields of a connection.
final class HeaderCollector {
    var headers = Headers()
    var query: [String] = []
}

/// Appends one header field (libmicrohttpd iterator).
func collectHeader(_ context: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?,
                   _ value: UnsafePointer<CChar>?) -> MHD_Result {
    guard let context, let key else { return .YES }
    let collector = Unmanaged<HeaderCollector>.fromOpaque(context).takeUnretainedValue()
    collector.headers.add(String(decoding: UnsafeRawBufferPointer(start: key, count: strlen(key)), as: UTF8.self),
                          value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? "")
    return .YES
}

/// Appends one raw query argument, still percent-encoded (libmicrohttpd iterator).
func collectQueryArgument(_ context: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?,
                          _ value: UnsafePointer<CChar>?) -> MHD_Result {
    guard let context, let key else { return .YES }
    let collector = Unmanaged<HeaderCollector>.fromOpaque(context).takeUnretainedValue()
    let name = String(decoding: UnsafeRawBufferPointer(start: key, count: strlen(key)), as: UTF8.self)
    if let value {
        collector.query.append(name + "=" + String(decoding: UnsafeRawBufferPointer(start: value, count: strlen(value)), as: UTF8.self))
    } else {
        collector.query.append(name)
    }
    return .YES
}

/// Leaves percent-escapes in place so `Request` decodes and validates them itself.
func keepEscapes(_ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ text: UnsafeMutablePointer<CChar>?) -> Int {
    guard let text else { return 0 }
    return strlen(text)
}

/// Frees the per-request state once libmicrohttpd is done with the request.
func handleCompletion(_ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
                      _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                      _ reason: MHD_RequestTerminationCode) {
    guard let requestContext, let state = requestContext.pointee else { return }
    Unmanaged<ConnectionState>.fromOpaque(state).release()
    requestContext.pointee = nil
    if let context {
        Unmanaged<Server>.fromOpaque(context).takeUnretainedValue().requestsInFlight.subtract(1, ordering: .releasing)
    }
}
