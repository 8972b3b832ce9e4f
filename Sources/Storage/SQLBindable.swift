/// A Swift value that can be bound to a statement parameter and read back from a column.
public protocol SQLBindable {
    /// The value as SQLite stores it.
    var sqlValue: SQLValue { get }

    /// Reads the value back; nil when the column holds another storage class or NULL.
    init?(sqlValue: SQLValue)

    /// Why `value` cannot be read as this type, for an error that names the column; never the value itself.
    static func mismatch(_ value: SQLValue) -> String
}

extension SQLBindable {
    /// `holds text, expected Int`.
    public static func mismatch(_ value: SQLValue) -> String {
        "holds \(value.storageClassName), expected \(Self.self)"
    }
}

extension SQLValue: SQLBindable {
    /// The value itself.
    public var sqlValue: SQLValue { self }

    /// Accepts every value, NULL included.
    public init?(sqlValue: SQLValue) {
        self = sqlValue
    }
}

extension Int64: SQLBindable {
    /// An integer value.
    public var sqlValue: SQLValue { .integer(self) }

    /// Reads an integer column.
    public init?(sqlValue: SQLValue) {
        guard case .integer(let value) = sqlValue else { return nil }
        self = value
    }
}

extension Int: SQLBindable {
    /// An integer value.
    public var sqlValue: SQLValue { .integer(Int64(self)) }

    /// Reads an integer column that fits in `Int`.
    public init?(sqlValue: SQLValue) {
        guard case .integer(let value) = sqlValue, let exact = Int(exactly: value) else { return nil }
        self = exact
    }
}

extension Bool: SQLBindable {
    /// The integer 1 or 0.
    public var sqlValue: SQLValue { .integer(self ? 1 : 0) }

    /// Reads an integer column: zero is false, anything else is true.
    public init?(sqlValue: SQLValue) {
        guard case .integer(let value) = sqlValue else { return nil }
        self = value != 0
    }
}

extension Double: SQLBindable {
    /// A real value.
    public var sqlValue: SQLValue { .real(self) }

    /// Reads a real column, or an integer column converted to a double.
    public init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension String: SQLBindable {
    /// A text value.
    public var sqlValue: SQLValue { .text(self) }

    /// Reads a text column.
    public init?(sqlValue: SQLValue) {
        guard case .text(let value) = sqlValue else { return nil }
        self = value
    }
}

extension [UInt8]: SQLBindable {
    /// A blob value.
    public var sqlValue: SQLValue { .blob(self) }

    /// Reads a blob column.
    public init?(sqlValue: SQLValue) {
        guard case .blob(let value) = sqlValue else { return nil }
        self = value
    }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    /// NULL for `nil`, otherwise the wrapped value.
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }

    /// Reads NULL as `nil`, otherwise the wrapped type; fails on another storage class.
    public init?(sqlValue: SQLValue) {
        if sqlValue == .null {
            self = .none
        } else if let value = Wrapped(sqlValue: sqlValue) {
            self = .some(value)
        } else {
            return nil
        }
    }

    /// The wrapped type's explanation.
    public static func mismatch(_ value: SQLValue) -> String { Wrapped.mismatch(value) }
}

extension SQLBindable where Self: RawRepresentable, RawValue: SQLBindable {
    /// The raw value, so an enum declared `extension Order.Status: SQLBindable {}` binds as its text or number.
    public var sqlValue: SQLValue { rawValue.sqlValue }

    /// Reads the raw value and accepts it only when it names a case; an unknown value fails,
    /// so `Row.decode` reports the column instead of guessing a case.
    public init?(sqlValue: SQLValue) {
        guard let raw = RawValue(sqlValue: sqlValue), let value = Self(rawValue: raw) else { return nil }
        self = value
    }

    /// `holds text that names no Status` when the storage class is right but the value is unknown.
    public static func mismatch(_ value: SQLValue) -> String {
        guard RawValue(sqlValue: value) != nil else { return "holds \(value.storageClassName), expected \(Self.self)" }
        return "holds \(value.storageClassName) that names no \(Self.self)"
    }
}
