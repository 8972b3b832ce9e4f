import HTTP
import Locking

/// Where the payment provider delivers its notifications: the application, connected once it has
/// been built (the provider is made before it, as one of the services its routes use).
final class MerchantLink: HTTPResponder {
    private struct Target: Sendable {
        weak var application: Application?
    }

    private let target = Locked(Target())

    /// Delivers to `application` from now on.
    func connect(_ application: Application) {
        target.withLock { $0.application = application }
    }

    func respond(to request: Request) -> Response {
        guard let application = target.withLock({ $0.application }) else { return Response(status: Status(code: 503, reason: "Service Unavailable")) }
        return application.respond(to: request)
    }

    func respond(to error: HTTPError, method: HTTPMethod, target: String, headers: Headers) -> Response {
        guard let application = self.target.withLock({ $0.application }) else {
            return Response(status: Status(code: 503, reason: "Service Unavailable"))
        }
        return application.respond(to: error, method: method, target: target, headers: headers)
    }
}
