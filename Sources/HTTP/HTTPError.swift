/// An error that becomes an HTTP error response with a page explaining it.
/// Thrown anywhere in request handling; turned into a response in one place.
public struct HTTPError: Error, Sendable, CustomStringConvertible {
    /// The status to answer with.
    public let status: Status
    /// A message safe to show the user, or nil for the status's standard wording.
    public let message: String?
    /// The methods the resource allows, sent as `Allow` with 405.
    public let allowedMethods: [HTTPMethod]
    /// A machine-readable reason (e.g. "csrf") that the application may explain in its own words.
    public let reason: String?

    /// An error with a status and an optional user-facing message.
    public init(_ status: Status, message: String? = nil, allowedMethods: [HTTPMethod] = [], reason: String? = nil) {
        self.status = status
        self.message = message
        self.allowedMethods = allowedMethods
        self.reason = reason
    }

    public var description: String { "\(status)\(message.map { ": \($0)" } ?? "")" }
}
