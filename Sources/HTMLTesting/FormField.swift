/// One name–value pair of submitted form data.
public struct FormField: Sendable, Hashable, CustomStringConvertible {
    /// The control's name.
    public let name: String
    /// The submitted value.
    public let value: String

    /// Creates the pair `name=value`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `name=value`, unencoded, for messages.
    public var description: String { "\(name)=\(value)" }
}
