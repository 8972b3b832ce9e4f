/// A stored value that no rule of Railbook could have written, found while reading it: the request
/// ends in the 500 page and the log names the column, so a damaged row is never taken for data.
struct CorruptValue: Error, CustomStringConvertible {
    /// `table.column`.
    let column: String
    /// What is wrong, without the value itself.
    let reason: String

    var description: String { "corrupt value in \(column): \(reason)" }
}
