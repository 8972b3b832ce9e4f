/// HTTP header fields in order, with case-insensitive lookup by name.
public struct Headers: Sendable, Sequence {
    private var fields: [(name: String, value: String)] = []

    /// Empty headers.
    public init() {}

    /// Headers from name–value pairs, in order.
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of the field `name`, ignoring case.
    public subscript(name: String) -> String? {
        fields.first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }

    /// Every value of the field `name`, ignoring case.
    public func values(_ name: String) -> [String] {
        fields.filter { $0.name.equalsIgnoringASCIICase(name) }.map(\.value)
    }

    /// Appends a field, keeping any with the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    /// Replaces every field `name` with one value.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name, value))
    }

    /// Removes every field `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.equalsIgnoringASCIICase(name) }
    }

    /// True when at least one field `name` is present.
    public func contains(_ name: String) -> Bool { self[name] != nil }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }
}

extension String {
    /// Compares two strings byte by byte, folding ASCII letters to lower case.
    func equalsIgnoringASCIICase(_ other: String) -> Bool {
        let left = utf8, right = other.utf8
        guard left.count == right.count else { return false }
        for (a, b) in zip(left, right) where a != b {
            guard a | 0x20 == b | 0x20, (a | 0x20) >= 0x61, (a | 0x20) <= 0x7A else { return false }
        }
        return true
    }
}
