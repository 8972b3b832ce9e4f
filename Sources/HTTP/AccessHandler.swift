import CMicroHTTPD
import Synchronization
import Glibc

/// libmicrohttpd's request callback. The first call registers the request, middle calls collect
/// the body, the last call decodes the request, asks the responder and queues the response.
func handleAccess(_ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
                  _ url: UnsafePointer<CChar>?, _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?,
                  _ uploadData: UnsafePointer<CChar>?, _ uploadSize: UnsafeMutablePointer<Int>?,
                  _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> MHD_Result {
    guard let context, let connection, let url, let method, let uploadSize, let requestContext else { return .NO }
    let server = Unmanaged<Server>.fromOpaque(context).takeUnretainedValue()
    let limit = server.configuration.maxBodyBytes
    guard let stored = requestContext.pointee else {
        let state = ConnectionState(started: AccessLog.now())
        requestContext.pointee = Unmanaged.passRetained(state).toOpaque()
        server.requestsInFlight.add(1, ordering: .relaxed)
        if let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length"),
           let declared = Int(String(cString: length)), declared > limit {
            state.isAnswered = true
            return refuse(HTTPError(.payloadTooLarge), connection, server, url, method, state)
        }
        return .YES
    }
    let state = Unmanaged<ConnectionState>.fromOpaque(stored).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        // libmicrohttpd only takes a response once the body is read: drop an oversized body
        // (answering 413 at its end), and close the connection if it goes on far too long.
        state.receivedBytes += uploadSize.pointee
        if state.receivedBytes > limit {
            state.body = []
            uploadSize.pointee = 0
            return state.receivedBytes > limit * 4 ? .NO : .YES
        }
        if !state.isAnswered, let uploadData {
            uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
                state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadSize.pointee))
            }
        }
        uploadSize.pointee = 0
        return .YES
    }
    if state.isAnswered { return .YES }
    if state.receivedBytes > limit {
        state.isAnswered = true
        return refuse(HTTPError(.payloadTooLarge), connection, server, url, method, state)
    }
    let collector = HeaderCollector()
    let collectorPointer = Unmanaged.passUnretained(collector).toOpaque()
    MHD_get_connection_values(connection, .HEADER_KIND, collectHeader, collectorPointer)
    MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, collectQueryArgument, collectorPointer)
    let path = String(cString: url)
    let target = collector.query.isEmpty ? path : path + "?" + collector.query.joined(separator: "&")
    let methodName = HTTPMethod(rawValue: String(cString: method))
    let response = server.responder.respond(method: methodName, target: target, headers: collector.headers,
                                            body: state.body, remoteAddress: clientAddress(connection))
    state.isAnswered = true
    return queue(response, on: connection, method: methodName.rawValue, path: path, server: server, since: state.started)
}

private func refuse(_ error: HTTPError, _ connection: OpaquePointer, _ server: Server, _ url: UnsafePointer<CChar>,
                    _ method: UnsafePointer<CChar>, _ state: ConnectionState) -> MHD_Result {
    let path = String(cString: url)
    let methodName = HTTPMethod(rawValue: String(cString: method))
    let response = server.responder.respond(to: error, method: methodName, target: path, headers: Headers())
    return queue(response, on: connection, method: methodName.rawValue, path: path, server: server, since: state.started)
}

/// Hands a response to libmicrohttpd, which adds `Date` and `Content-Length`, and logs it.
private func queue(_ response: Response, on connection: OpaquePointer, method: String, path: String,
                   server: Server, since start: UInt64) -> MHD_Result {
    let body = response.body
    let mhdResponse = body.withUnsafeBytes { railbook_response_copying($0.count, $0.baseAddress) }
    guard let mhdResponse else { return .NO }
    for (name, value) in response.headers where !name.equalsIgnoringASCIICase("Content-Length") {
        MHD_add_response_header(mhdResponse, name, value)
    }
    for cookie in response.cookies {
        MHD_add_response_header(mhdResponse, "Set-Cookie", cookie.headerValue)
    }
    let result = MHD_queue_response(connection, UInt32(response.status.code), mhdResponse)
    MHD_destroy_response(mhdResponse)
    if server.configuration.logsRequests {
        AccessLog.record(method: method, path: path, status: response.status.code, bytes: body.count, since: start)
    }
    return result
}

/// The client's IP address as text.
private func clientAddress(_ connection: OpaquePointer) -> String {
    guard let address = railbook_client_address(connection), address.pointee.sa_family == sa_family_t(AF_INET) else { return "" }
    var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
    address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
        var ip = inet.pointee.sin_addr
        _ = inet_ntop(AF_INET, &ip, &text, socklen_t(INET_ADDRSTRLEN))
    }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
