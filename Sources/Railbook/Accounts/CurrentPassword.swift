import Secrets
import Storage

/// Asks a logged-in user for their password again before a sensitive change (their identity
/// document, their password). Call it on a password thread (`PasswordChecks`). Wrong guesses count
/// against the user's own `reauth` budget in `LoginThrottle` — only their own failures, never
/// failed logins to their account from elsewhere — so someone guessing from a browser left
/// logged in is slowed down, and an attack on the account does not block its owner.
enum CurrentPassword {
    /// The message-catalog key of what is wrong with `password` for `user` at `now`, or nil when it is theirs.
    static func problem(_ password: String, of user: User, now: Int, in database: DatabasePool) throws -> String? {
        if password.isEmpty { return "error_current_password_required" }
        let subject = LoginThrottle.Subject(scope: .reauth, value: "user:\(user.id)")
        guard case .success(let reservation) = try database.write({ try LoginThrottle.reserve([subject], now: now, in: $0) }) else {
            return "error_current_password_throttled"
        }
        let matches = PasswordHasher.verify(password, against: user.passwordHash)
        try database.write { try LoginThrottle.settle(reservation, succeeded: matches, now: now, in: $0) }
        return matches ? nil : "error_current_password_wrong"
    }
}
