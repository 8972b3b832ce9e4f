/// Problems found in a submitted form: a message-catalog key per field.
struct FormErrors: Sendable {
    private(set) var keys: [String: String] = [:]

    /// Records the first problem of `field`.
    mutating func add(_ field: String, _ messageKey: String) {
        if keys[field] == nil { keys[field] = messageKey }
    }

    /// The message key for `field`, or nil.
    subscript(field: String) -> String? { keys[field] }

    /// True when every field is fine.
    var isEmpty: Bool { keys.isEmpty }
}
