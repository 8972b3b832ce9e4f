/// Names a column of a row: a `String` is a column name, an `Int` a zero-based index.
public protocol ColumnKey: Sendable {
    /// The position of the column among `columnNames`, or nil when there is none.
    func index(in columnNames: [String]) -> Int?

    /// How error messages name the column, e.g. `column "price"` or `column 2`.
    var columnDescription: String { get }
}

extension String: ColumnKey {
    /// The first column with this exact name, else the first that matches case-insensitively.
    public func index(in columnNames: [String]) -> Int? {
        if let exact = columnNames.firstIndex(of: self) { return exact }
        let lowercased = self.lowercased()
        return columnNames.firstIndex { $0.lowercased() == lowercased }
    }

    /// `column "name"`.
    public var columnDescription: String { "column \"\(self)\"" }
}

extension Int: ColumnKey {
    /// The index itself when it is in range.
    public func index(in columnNames: [String]) -> Int? {
        columnNames.indices.contains(self) ? self : nil
    }

    /// `column 2`.
    public var columnDescription: String { "column \(self)" }
}
