/// Literal syntax, so that view-models read like the data they hold:
/// `["title": "Home", "trains": [["number": 42]], "notice": nil]`.
extension MustacheValue: ExpressibleByStringLiteral {
    /// A string value from a string literal.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
    /// An integer value from an integer literal.
    public init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension MustacheValue: ExpressibleByFloatLiteral {
    /// A double value from a floating-point literal.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
    /// A flag value from `true` or `false`.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension MustacheValue: ExpressibleByNilLiteral {
    /// The null value from `nil`.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension MustacheValue: ExpressibleByArrayLiteral {
    /// A list value from an array literal.
    public init(arrayLiteral elements: MustacheValue...) {
        self = .list(elements)
    }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
    /// An object value from a dictionary literal with string keys; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        var object = MustacheObject()
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}
