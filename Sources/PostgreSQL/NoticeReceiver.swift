import CPostgres
import Foundation
import Storage

/// What a connection learns from the messages the server sends outside any result.
final class SessionNotices {
    /// Why the server is ending the session, once it said so (a FATAL message, e.g. after
    /// `pg_terminate_backend` or at shutdown), even if the socket has not closed yet.
    var ending: PostgresError?
}

/// libpq's notice receiver for every connection (`context` is the connection's `SessionNotices`):
/// a FATAL or PANIC message records that the session is ending; warnings go to standard error on
/// one line, as libpq's default would print them. (`client_min_messages = warning` keeps notices away.)
func receiveNotice(_ context: UnsafeMutableRawPointer?, _ result: OpaquePointer?) {
    guard let context, let result else { return }
    func field(_ code: Int32) -> String? {
        PQresultErrorField(result, code).map { String(cString: $0) }
    }
    let severity = field(railbook_diagnostic_severity)
    guard severity == "FATAL" || severity == "PANIC" else {
        let message = PostgresError.trimmed(String(cString: PQresultErrorMessage(result)))
        FileHandle.standardError.write(Data("PostgreSQL \(message)\n".utf8))
        return
    }
    Unmanaged<SessionNotices>.fromOpaque(context).takeUnretainedValue().ending = PostgresError(
        sqlState: field(railbook_diagnostic_sqlstate) ?? SQLState.connectionFailure,
        message: field(railbook_diagnostic_message_primary) ?? "the server ended the session",
        kind: .connectionFailure
    )
}
