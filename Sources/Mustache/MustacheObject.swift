/// Named values, as a template looks them up: the value of an object (`MustacheValue.object`).
///
/// View-models build many small objects per page (a row of results has a dozen names, each of its
/// cells eight) and a template reads each name once or twice, so the names are kept in the order
/// given and found by scanning, not hashed: building one costs one allocation, and comparing a few
/// short names costs less than hashing one. Reads like a dictionary: a literal, a subscript that
/// reads and sets, iteration over the pairs. Two objects are equal when they hold the same names
/// with equal values, in any order.
public struct MustacheObject: Sendable, Equatable, ExpressibleByDictionaryLiteral, Sequence {
    /// A name and its value.
    public struct Field: Sendable, Equatable {
        public let key: String
        public var value: MustacheValue
    }

    private var fields: [Field]

    /// An object without names.
    public init() {
        fields = []
    }

    /// The pairs of a dictionary literal; a name must not repeat (as in a dictionary literal).
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        fields = []
        fields.reserveCapacity(elements.count + 2) // room for the names often added after (a page's layout and token)
        for (key, value) in elements { fields.append(Field(key: key, value: value)) }
    }

    /// The entries of `dictionary`.
    public init(_ dictionary: [String: MustacheValue]) {
        fields = dictionary.map { Field(key: $0.key, value: $0.value) }
    }

    /// The value under `key`, or nil; setting nil removes the name, setting a value replaces it or adds it last.
    public subscript(key: String) -> MustacheValue? {
        get {
            guard let index = index(of: key) else { return nil }
            return fields[index].value
        }
        set {
            if let index = index(of: key) {
                if let newValue { fields[index].value = newValue } else { fields.remove(at: index) }
            } else if let newValue {
                fields.append(Field(key: key, value: newValue))
            }
        }
    }

    /// Makes room for `count` names in all, so that adding them one by one does not grow the storage again.
    mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    /// How many names it holds.
    public var count: Int { fields.count }
    public var isEmpty: Bool { fields.isEmpty }
    /// The names, in the order they were added.
    public var keys: [String] { fields.map(\.key) }

    /// Adds the names of `other`, replacing the values of those both have.
    public mutating func merge(_ other: MustacheObject) {
        for field in other.fields { self[field.key] = field.value }
    }

    /// This object with the names of `other` added, or replaced where both have them.
    public func merging(_ other: MustacheObject) -> MustacheObject {
        var merged = self
        merged.merge(other)
        return merged
    }

    /// The pairs in the order they were added.
    public func makeIterator() -> IndexingIterator<[(key: String, value: MustacheValue)]> {
        fields.map { (key: $0.key, value: $0.value) }.makeIterator()
    }

    public static func == (left: MustacheObject, right: MustacheObject) -> Bool {
        left.count == right.count && left.fields.allSatisfy { right[$0.key] == $0.value }
    }

    private func index(of key: String) -> Int? {
        let length = key.utf8.count
        var index = 0
        while index < fields.count {
            let name = fields[index].key
            if name.utf8.count == length && name == key { return index }
            index += 1
        }
        return nil
    }
}
