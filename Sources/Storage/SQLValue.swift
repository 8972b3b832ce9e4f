/// One value as SQLite stores it: the five storage classes.
public enum SQLValue: Sendable, Equatable, Hashable {
    /// SQL NULL.
    case null
    /// A signed 64-bit integer; booleans are stored as 0 or 1.
    case integer(Int64)
    /// An IEEE 754 double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob([UInt8])

    /// Wraps any bindable Swift value, e.g. `SQLValue(order.id)`.
    public init(_ value: some SQLBindable) {
        self = value.sqlValue
    }

    /// True for SQL NULL.
    public var isNull: Bool { self == .null }

    /// The storage class name used in error messages; never the value itself.
    var storageClassName: String {
        switch self {
        case .null: "NULL"
        case .integer: "an integer"
        case .real: "a real"
        case .text: "text"
        case .blob: "a blob"
        }
    }
}

extension SQLValue: ExpressibleByNilLiteral {
    /// `nil` is SQL NULL.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension SQLValue: ExpressibleByIntegerLiteral {
    /// An integer literal is an integer value.
    public init(integerLiteral value: Int64) {
        self = .integer(value)
    }
}

extension SQLValue: ExpressibleByFloatLiteral {
    /// A floating-point literal is a real value.
    public init(floatLiteral value: Double) {
        self = .real(value)
    }
}

extension SQLValue: ExpressibleByBooleanLiteral {
    /// `true` and `false` are the integers 1 and 0.
    public init(booleanLiteral value: Bool) {
        self = .integer(value ? 1 : 0)
    }
}

extension SQLValue: ExpressibleByStringLiteral {
    /// A string literal is a text value.
    public init(stringLiteral value: String) {
        self = .text(value)
    }
}
