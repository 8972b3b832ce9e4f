import CPostgres
import Storage

/// The object identifiers of the built-in types the driver binds or decodes (`pg_type`).
enum TypeOID {
    static let unspecified: Oid = 0
    static let bool: Oid = 16
    static let bytea: Oid = 17
    static let int8: Oid = 20
    static let int2: Oid = 21
    static let int4: Oid = 23
    static let oid: Oid = 26
    static let float4: Oid = 700
    static let float8: Oid = 701
    static let numeric: Oid = 1700
    static let void: Oid = 2278

    /// The type a parameter is declared with when a statement is prepared for this value: integers
    /// as `int8`, reals as `float8`, blobs as `bytea`; text and NULL are left for the server to
    /// infer from where they stand, as an untyped literal would be.
    static func declared(for value: SQLValue) -> Oid {
        switch value {
        case .integer: int8
        case .real: float8
        case .blob: bytea
        case .text, .null: unspecified
        }
    }
}
