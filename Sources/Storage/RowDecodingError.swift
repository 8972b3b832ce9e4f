/// A column could not be read as the type asked for: it is missing, NULL for a non-optional type,
/// of another kind, or (for an enum) a value that names no case. The message names the column,
/// never the value itself.
public struct RowDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, e.g. `column "status" holds text that names no Status`.
    public let message: String

    /// An error with its message.
    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
