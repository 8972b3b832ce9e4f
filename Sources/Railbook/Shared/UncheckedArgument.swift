/// A model was called with a value its caller should have checked first: a bug in a controller,
/// not bad input. The request ends in the 500 page and the log names the rule; the server goes on.
struct UncheckedArgument: Error, CustomStringConvertible {
    /// The rule the value broke, e.g. "a payment needs a positive amount".
    let rule: String

    var description: String { "unchecked argument: \(rule)" }

    /// Throws unless `condition` holds.
    static func require(_ condition: Bool, _ rule: @autoclosure () -> String) throws {
        guard condition else { throw UncheckedArgument(rule: rule()) }
    }
}
