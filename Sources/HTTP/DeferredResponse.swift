import Locking

/// An answer that needs slow work first, such as checking a password: `start` hands the work to
/// whatever runs it and calls `finish` with the real response when it is done. The server suspends
/// the connection meanwhile, so none of its threads waits for the work and other requests go on.
public struct DeferredResponse: Sendable {
    /// Begins the work; calls `finish` exactly once, on any thread.
    public let start: @Sendable (_ finish: @escaping @Sendable (Response) -> Void) -> Void

    public init(start: @escaping @Sendable (_ finish: @escaping @Sendable (Response) -> Void) -> Void) {
        self.start = start
    }

    /// The same work with `transform` applied to the response it finishes with.
    public func map(_ transform: @escaping @Sendable (Response) -> Response) -> DeferredResponse {
        let start = self.start
        return DeferredResponse { finish in start { finish(transform($0)) } }
    }

    /// Runs the work and waits for its response (for callers that have a thread to spare, such as tests).
    public func wait() -> Response {
        let result = Locked<Response?>(nil)
        start { response in
            result.withLock { $0 = response }
            result.signal()
        }
        return result.withLock(waitingUntil: { $0 != nil }) { $0 } ?? Response(status: .internalServerError)
    }
}
