import CMicroHTTPD
import Glibc
import Synchronization

/// libmicrohttpd's request callback. The first call checks the head and registers the request,
/// middle calls collect the body, the last call decodes the request, asks the responder and queues
/// the response — or, for a deferred response, suspends the connection until the work is done and
/// queues its response on the call that follows the resume.
func handleAccess(
    _ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ url: UnsafePointer<CChar>?, _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?,
    _ uploadData: UnsafePointer<CChar>?, _ uploadSize: UnsafeMutablePointer<Int>?,
    _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let context, let connection, let url, let method, let uploadSize, let requestContext else { return .NO }
    let server = Unmanaged<Server>.fromOpaque(context).takeUnretainedValue()
    if requestContext.pointee == nil {
        requestContext.pointee = Unmanaged.passRetained(ConnectionState(started: AccessLog.now(), loggedTarget: nil)).toOpaque()
    }
    let state = Unmanaged<ConnectionState>.fromOpaque(requestContext.pointee!).takeUnretainedValue()
    let limit = server.configuration.maxBodyBytes
    guard state.isRegistered else {
        return register(state, connection, server, url: url, method: method, version: version)
    }
    if state.isDeferred {
        guard let finished = state.takeFinished() else { return .YES }
        state.isDeferred = false
        state.isAnswered = true
        return queue(finished, on: connection, method: String(cString: method), path: String(cString: url), server: server, state: state)
    }
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
    collector.headers.set(RequestID.headerName, state.requestID)
    let path = String(cString: url)
    let target = collector.query.isEmpty ? path : path + "?" + collector.query.joined(separator: "&")
    let methodName = HTTPMethod(rawValue: String(cString: method))
    let response = server.responder.respond(
        method: methodName, target: target, headers: collector.headers,
        body: state.body, remoteAddress: state.client)
    if let deferred = response.deferred {
        state.isDeferred = true
        server.suspendedConnections.add(1, ordering: .relaxed)
        MHD_suspend_connection(connection)
        let suspended = SuspendedConnection(connection)
        deferred.start { finished in
            state.finish(with: finished)
            suspended.resume()
            server.suspendedConnections.subtract(1, ordering: .releasing)
        }
        return .YES
    }
    state.isAnswered = true
    return queue(response, on: connection, method: methodName.rawValue, path: path, server: server, state: state)
}

/// The first call for a request: its head has arrived. Counts it in flight, then checks the head
/// and the declared body size, answering at once (and closing the connection) when they are refused.
private func register(
    _ state: ConnectionState, _ connection: OpaquePointer, _ server: Server,
    url: UnsafePointer<CChar>, method: UnsafePointer<CChar>, version: UnsafePointer<CChar>?
) -> MHD_Result {
    state.isRegistered = true
    server.requestsInFlight.add(1, ordering: .relaxed)
    server.watch.headArrived(connection)
    let collector = HeaderCollector()
    let collectorPointer = Unmanaged.passUnretained(collector).toOpaque()
    MHD_get_connection_values(connection, .HEADER_KIND, collectHeader, collectorPointer)
    MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, collectQueryArgument, collectorPointer)
    state.requestID = RequestID.of(collector.headers)
    state.client = clientAddress(connection)
    var problem = RequestHeadCheck.problem(state, url: url, version: version, collector: collector, configuration: server.configuration)
    if problem == nil, let length = collector.headers["Content-Length"].flatMap({ Int($0) }), length > server.configuration.maxBodyBytes {
        problem = HTTPError(.payloadTooLarge)
    }
    guard let problem else { return .YES }
    state.isAnswered = true
    return refuse(problem, connection, server, url, method, state, closing: true)
}

private func refuse(
    _ error: HTTPError, _ connection: OpaquePointer, _ server: Server, _ url: UnsafePointer<CChar>,
    _ method: UnsafePointer<CChar>, _ state: ConnectionState, closing: Bool = false
) -> MHD_Result {
    let path = String(decoding: UnsafeRawBufferPointer(start: url, count: min(strlen(url), 2048)), as: UTF8.self)
    let methodName = HTTPMethod(rawValue: String(cString: method))
    var headers = Headers()
    headers.set(RequestID.headerName, state.requestID)
    var response = server.responder.respond(to: error, method: methodName, target: path, headers: headers)
    if closing { response.headers.set("Connection", "close") }
    return queue(response, on: connection, method: methodName.rawValue, path: path, server: server, state: state)
}

/// Hands a response to libmicrohttpd, which adds `Date` and `Content-Length`, with the request's
/// id, and logs it.
private func queue(
    _ response: Response, on connection: OpaquePointer, method: String, path: String,
    server: Server, state: ConnectionState
) -> MHD_Result {
    let body = response.body
    let log = { (bytes: Int) in
        AccessLog.record(
            AccessLog.Entry(
                method: method, path: path, status: response.status.code, bytes: bytes, requestID: state.requestID,
                route: response.route, client: state.client, userID: response.userID),
            since: state.started)
    }
    let mhdResponse: OpaquePointer?
    if let stream = response.stream {
        let reader = StreamReader(stream) { bytes in if server.configuration.logsRequests { log(bytes) } }
        mhdResponse = MHD_create_response_from_callback(
            UInt64.max, 64 * 1024, readStream, Unmanaged.passRetained(reader).toOpaque(), finishStream)
    } else {
        mhdResponse = body.withUnsafeBytes { railbook_response_copying($0.count, $0.baseAddress) }
    }
    guard let mhdResponse else { return .NO }
    for (name, value) in response.headers
    where !name.equalsIgnoringASCIICase("Content-Length") && !name.equalsIgnoringASCIICase(RequestID.headerName) {
        MHD_add_response_header(mhdResponse, name, value)
    }
    for cookie in response.cookies {
        MHD_add_response_header(mhdResponse, "Set-Cookie", cookie.headerValue)
    }
    MHD_add_response_header(mhdResponse, RequestID.headerName, state.requestID)
    let result = MHD_queue_response(connection, UInt32(response.status.code), mhdResponse)
    MHD_destroy_response(mhdResponse)
    if let onAnswered = server.configuration.onAnswered {
        let route = response.route ?? AccessLog.unnamedRoute(status: response.status.code)
        onAnswered(
            AnsweredRequest(route: route, method: method, status: response.status.code, microseconds: AccessLog.now() &- state.started))
    }
    if server.configuration.logsRequests, response.stream == nil { log(body.count) }
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

/// A suspended connection, resumed from the thread that finished its deferred response
/// (libmicrohttpd allows `MHD_resume_connection` from any thread).
private struct SuspendedConnection: @unchecked Sendable {
    let connection: OpaquePointer

    init(_ connection: OpaquePointer) { self.connection = connection }

    func resume() { MHD_resume_connection(connection) }
}
