/// Name–value pairs from a query string, a form or a route, in order; a name may repeat.
public struct Parameters: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    private var pairs: [(name: String, value: String)]

    /// Parameters from pairs, in order.
    public init(_ pairs: [(String, String)] = []) {
        self.pairs = pairs.map { (name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value for `name`, or nil when absent.
    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value for `name`, in order (checkboxes, multiple selects).
    public func all(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    /// Appends a pair.
    public mutating func add(_ name: String, _ value: String) {
        pairs.append((name, value))
    }

    /// How many pairs there are.
    public var count: Int { pairs.count }

    /// True when no pair is present.
    public var isEmpty: Bool { pairs.isEmpty }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        pairs.makeIterator()
    }
}
