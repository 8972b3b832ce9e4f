import CPostgres
import Foundation
import Storage

extension PostgresConnection {
    /// Sends one statement with `send` (a `PQsend…` call) and waits for its answer, as `PQexec`
    /// would, but never longer than `options.answerTimeoutSeconds`: a server that stopped answering
    /// (its machine lost or frozen, a commit waiting for a standby that left) does not hold the
    /// caller for good. Past the deadline the connection is closed, so nothing else is sent on it
    /// and the server ends whatever it was doing, and `08006` is thrown (kind `.connectionFailure`).
    ///
    /// Like `PQexec`, it keeps the last result of a string of statements, or the first error. One
    /// deadline covers the whole string: `answerWithin` gives a longer one for migrations, whose
    /// statements each have the statement timeout. The statement is sent in libpq's blocking
    /// mode; `tcp_user_timeout` (set on connecting) bounds a send to a server that stopped reading.
    func exchange(sql: String, answerWithin seconds: Double? = nil, _ send: (OpaquePointer) -> Int32) throws -> PostgresResult {
        let connection = try openHandle()
        guard send(connection) == 1 else { throw PostgresError(connection: connection, sql: sql) }
        let timeout = seconds ?? options.answerTimeoutSeconds
        let deadline = IdleConnectionReaper.now() + timeout
        var kept: OpaquePointer?
        defer { kept.map { PQclear($0) } }
        while true {
            while PQisBusy(connection) == 1 {
                let remaining = deadline - IdleConnectionReaper.now()
                guard remaining > 0 else {
                    close()
                    throw PostgresError.noAnswer(within: timeout, sql: sql)
                }
                var descriptor = pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, Int32(min(remaining * 1000 + 1, 60_000)))
                if ready < 0, errno != EINTR {
                    let number = errno
                    close()
                    throw PostgresError(
                        sqlState: SQLState.connectionFailure, message: "poll failed (errno \(number)), so the connection was dropped",
                        sql: sql, kind: .connectionFailure)
                }
                // A broken connection makes libpq end the statement with an error result.
                if ready > 0, PQconsumeInput(connection) == 0 { break }
            }
            guard let result = PQgetResult(connection) else { break }
            if Self.isCopy(result) {
                // COPY would need its own exchange; PQexec stops there too. Nothing else may follow.
                PQclear(result)
                close()
                throw PostgresError(
                    sqlState: SQLState.featureNotSupported, message: "COPY is not supported; the connection was dropped", sql: sql)
            }
            if let previous = kept, Self.isError(previous) {
                PQclear(result)
            } else {
                kept.map { PQclear($0) }
                kept = result
            }
        }
        guard let result = kept else { throw PostgresError(connection: connection, sql: sql) }
        kept = nil
        return try PostgresResult.checked(result, connection: connection, sql: sql)
    }

    private static func isCopy(_ result: OpaquePointer) -> Bool {
        let status = PQresultStatus(result)
        return status == PGRES_COPY_IN || status == PGRES_COPY_OUT || status == PGRES_COPY_BOTH
    }

    private static func isError(_ result: OpaquePointer) -> Bool {
        let status = PQresultStatus(result)
        return status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK && status != PGRES_EMPTY_QUERY
    }
}

extension PostgresError {
    /// No answer came within `seconds`: the connection was dropped.
    static func noAnswer(within seconds: Double, sql: String) -> PostgresError {
        PostgresError(
            sqlState: SQLState.connectionFailure,
            message: "the database gave no answer within \(Int(seconds)) s, so the connection was dropped", sql: sql,
            kind: .connectionFailure)
    }
}
