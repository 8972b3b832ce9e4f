import HTTP
import Storage

/// A filled-in password change form: the current password and the new one twice.
struct PasswordChange {
    var currentPassword = ""
    var newPassword = ""
    var newPasswordConfirmation = ""

    /// Reads the form fields (see docs/routes.md).
    init(form: Parameters) {
        currentPassword = form["current_password"] ?? ""
        newPassword = form["new_password"] ?? ""
        newPasswordConfirmation = form["new_password_confirmation"] ?? ""
    }

    /// Every rule the new password breaks, by field name (the current one is checked by `CurrentPassword`).
    func problems() -> FormErrors {
        var errors = FormErrors()
        if let problem = AccountRules.passwordProblem(newPassword) {
            errors.add("new_password", problem)
        } else if newPassword == currentPassword {
            errors.add("new_password", "error_password_unchanged")
        } else if newPassword != newPasswordConfirmation {
            errors.add("new_password_confirmation", "error_password_mismatch")
        }
        return errors
    }

    /// Stores the new hash and ends every other session of the user, so a browser that knew the old
    /// password is logged out; the session `kept` (the one making the change) stays. Links that
    /// would set a new address die; the account's address is told (a security mail).
    static func apply(passwordHash: String, for user: User, keeping kept: String?, now: Int, in db: Database) throws {
        try User.setPasswordHash(passwordHash, for: user.id, in: db)
        try Session.endAll(for: user.id, except: kept, in: db)
        try LoginThrottle.forgetFailures(ofUser: user.id, in: db)
        // A new address someone asked for with the old password no longer takes effect.
        try EmailChange.cancelPending(userID: user.id, now: now, in: db)
        try Mail.queue(.init(.passwordChanged, arguments: [String(now)]), toUser: user.id, now: now, in: db)
    }
}
