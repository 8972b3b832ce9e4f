/// A Swift value that can be bound to a statement parameter and read back from a column.
public protocol PostgresBindable {
    /// The value as PostgreSQL receives it.
    var postgresValue: PostgresValue { get }

    /// Reads the value back; nil when the column holds another kind or NULL.
    init?(postgresValue: PostgresValue)
}

extension PostgresValue: PostgresBindable {
    /// The value itself.
    public var postgresValue: PostgresValue { self }

    /// Accepts every value, NULL included.
    public init?(postgresValue: PostgresValue) {
        self = postgresValue
    }
}

extension Int64: PostgresBindable {
    /// An integer value.
    public var postgresValue: PostgresValue { .integer(self) }

    /// Reads an integer column.
    public init?(postgresValue: PostgresValue) {
        guard case .integer(let value) = postgresValue else { return nil }
        self = value
    }
}

extension Int: PostgresBindable {
    /// An integer value.
    public var postgresValue: PostgresValue { .integer(Int64(self)) }

    /// Reads an integer column that fits in `Int`.
    public init?(postgresValue: PostgresValue) {
        guard case .integer(let value) = postgresValue, let exact = Int(exactly: value) else { return nil }
        self = exact
    }
}

extension Bool: PostgresBindable {
    /// The integer 1 or 0.
    public var postgresValue: PostgresValue { .integer(self ? 1 : 0) }

    /// Reads an integer column: zero is false, anything else is true.
    public init?(postgresValue: PostgresValue) {
        guard case .integer(let value) = postgresValue else { return nil }
        self = value != 0
    }
}

extension Double: PostgresBindable {
    /// A real value.
    public var postgresValue: PostgresValue { .real(self) }

    /// Reads a real column, or an integer column converted to a double.
    public init?(postgresValue: PostgresValue) {
        switch postgresValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension String: PostgresBindable {
    /// A text value.
    public var postgresValue: PostgresValue { .text(self) }

    /// Reads a text column.
    public init?(postgresValue: PostgresValue) {
        guard case .text(let value) = postgresValue else { return nil }
        self = value
    }
}

extension [UInt8]: PostgresBindable {
    /// A blob value.
    public var postgresValue: PostgresValue { .blob(self) }

    /// Reads a blob column.
    public init?(postgresValue: PostgresValue) {
        guard case .blob(let value) = postgresValue else { return nil }
        self = value
    }
}

extension Optional: PostgresBindable where Wrapped: PostgresBindable {
    /// NULL for `nil`, otherwise the wrapped value.
    public var postgresValue: PostgresValue { self?.postgresValue ?? .null }

    /// Reads NULL as `nil`, otherwise the wrapped type; fails on another kind.
    public init?(postgresValue: PostgresValue) {
        if postgresValue == .null {
            self = .none
        } else if let value = Wrapped(postgresValue: postgresValue) {
            self = .some(value)
        } else {
            return nil
        }
    }
}
