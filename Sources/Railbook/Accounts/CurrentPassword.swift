import Secrets
import SQLite

/// Asks a logged-in user for their password again before a sensitive change (their identity
/// document, their password). Wrong guesses count as failed logins of the account, so
/// `LoginThrottle` slows down someone guessing from a browser left logged in.
enum CurrentPassword {
    /// The message-catalog key of what is wrong with `password` for `user`, or nil when it is theirs.
    static func problem(_ password: String, of user: User, address: String, in database: DatabasePool) throws -> String? {
        if password.isEmpty { return "error_current_password_required" }
        let now = ChinaTime.now()
        let wait = try database.read { try LoginThrottle.waitSeconds(login: user.account, address: address, now: now, in: $0) }
        if wait > 0 { return "error_current_password_throttled" }
        guard PasswordHasher.verify(password, against: user.passwordHash) else {
            try database.write { try LoginThrottle.recordFailure(login: user.account, address: address, now: now, in: $0) }
            return "error_current_password_wrong"
        }
        return nil
    }
}
