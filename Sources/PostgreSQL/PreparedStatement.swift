import CPostgres
import Storage

/// A statement prepared on one connection under a name of its own, with its parameter types.
struct PreparedStatement {
    /// The server-side name, `railbook_1`, `railbook_2`…
    let name: String
    /// How many `?` placeholders the SQL held.
    let placeholderCount: Int
    /// The declared type of each parameter (`TypeOID.declared(for:)`).
    let parameterTypes: [Oid]

    /// True when these values fit the declared types: NULL fits anything, any other value only
    /// the type it would be declared with. A statement prepared for text cannot take a real, say,
    /// and is prepared again for the new types.
    func accepts(_ values: [SQLValue]) -> Bool {
        values.count == parameterTypes.count
            && zip(values, parameterTypes).allSatisfy { value, type in value.isNull || TypeOID.declared(for: value) == type }
    }
}
