import Foundation

extension Data: SQLBindable {
    /// A blob value.
    public var sqlValue: SQLValue { .blob([UInt8](self)) }

    /// Reads a blob column.
    public init?(sqlValue: SQLValue) {
        guard case .blob(let bytes) = sqlValue else { return nil }
        self = Data(bytes)
    }
}
