/// One value sent to or read from PostgreSQL, in the same five kinds as SQLite's storage classes.
///
/// Columns are decoded by their type (see `PostgresConnection`): integers, booleans (0 or 1) and
/// whole numerics are `.integer`, floats and other numerics `.real`, byte strings `.blob`, and every
/// other type its text form.
public enum PostgresValue: Sendable, Equatable, Hashable {
    /// SQL NULL.
    case null
    /// A signed 64-bit integer; booleans are read as 0 or 1.
    case integer(Int64)
    /// An IEEE 754 double.
    case real(Double)
    /// UTF-8 text; PostgreSQL text cannot hold NUL (U+0000).
    case text(String)
    /// Raw bytes (`bytea`).
    case blob([UInt8])

    /// Wraps any bindable Swift value, e.g. `PostgresValue(order.id)`.
    public init(_ value: some PostgresBindable) {
        self = value.postgresValue
    }

    /// True for SQL NULL.
    public var isNull: Bool { self == .null }

    /// The kind's name used in error messages; never the value itself.
    var kindName: String {
        switch self {
        case .null: "NULL"
        case .integer: "an integer"
        case .real: "a real"
        case .text: "text"
        case .blob: "a blob"
        }
    }
}

extension PostgresValue: ExpressibleByNilLiteral {
    /// `nil` is SQL NULL.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension PostgresValue: ExpressibleByIntegerLiteral {
    /// An integer literal is an integer value.
    public init(integerLiteral value: Int64) {
        self = .integer(value)
    }
}

extension PostgresValue: ExpressibleByFloatLiteral {
    /// A floating-point literal is a real value.
    public init(floatLiteral value: Double) {
        self = .real(value)
    }
}

extension PostgresValue: ExpressibleByBooleanLiteral {
    /// `true` and `false` are the integers 1 and 0.
    public init(booleanLiteral value: Bool) {
        self = .integer(value ? 1 : 0)
    }
}

extension PostgresValue: ExpressibleByStringLiteral {
    /// A string literal is a text value.
    public init(stringLiteral value: String) {
        self = .text(value)
    }
}
