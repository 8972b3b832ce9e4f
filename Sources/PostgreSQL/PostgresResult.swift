import CPostgres
import Storage

/// One `PGresult`, cleared when released; its rows are copied out as `Row` values.
final class PostgresResult {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        PQclear(handle)
    }

    /// The column names, in order; empty for a command that returns no rows.
    var columnNames: [String] {
        (0..<PQnfields(handle)).map { String(cString: PQfname(handle, $0)) }
    }

    /// Every row, decoded by column type.
    var rows: [Row] {
        let names = columnNames
        let types = (0..<Int32(names.count)).map { PQftype(handle, $0) }
        return (0..<PQntuples(handle)).map { row in
            let values = types.indices.map { column in
                value(row: row, column: Int32(column), type: types[column])
            }
            return Row(columnNames: names, values: values)
        }
    }

    /// The rows an INSERT, UPDATE, DELETE or MERGE touched; nil for any other command.
    var changedRowCount: Int? {
        let command = String(cString: PQcmdStatus(handle))
        guard ["INSERT", "UPDATE", "DELETE", "MERGE"].contains(where: command.hasPrefix) else { return nil }
        return Int(String(cString: PQcmdTuples(handle))) ?? 0
    }

    private func value(row: Int32, column: Int32, type: Oid) -> SQLValue {
        guard PQgetisnull(handle, row, column) == 0 else { return .null }
        let length = Int(PQgetlength(handle, row, column))
        return PQgetvalue(handle, row, column).withMemoryRebound(to: UInt8.self, capacity: length) {
            ColumnDecoding.value(type: type, bytes: UnsafeBufferPointer(start: $0, count: length))
        }
    }
}

extension PostgresResult {
    /// Wraps what libpq returned, or throws the error it reports (a null result means the
    /// connection could not even send the statement).
    static func checked(_ result: OpaquePointer?, connection: OpaquePointer, sql: String) throws -> PostgresResult {
        guard let result else {
            throw PostgresError(connection: connection, sql: sql)
        }
        let wrapped = PostgresResult(result)
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return wrapped
        default:
            throw PostgresError(result: result, connection: connection, sql: sql)
        }
    }
}
