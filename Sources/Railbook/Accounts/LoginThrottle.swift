import Storage

/// Slows down password guessing without locking owners out. Every check of a password first
/// reserves its attempt, in the same transaction that counts the earlier ones, so parallel guesses
/// are counted before any is checked. What is counted, each within 15 minutes:
/// - per account (`account`): the account name and its mobile number resolve to one user and share
///   one budget; an unknown name has its own. Five failures are free; after that, each attempt
///   must wait 1 s after the latest failure, then 2 s, 4 s… up to 5 minutes — a short delay that
///   grows per failure, never a lock on the right password for a quarter of an hour;
/// - per browser the owner logged in with before (`device`, see `DeviceCookie`): the same rule, but
///   a budget of its own, so someone else's guesses never slow the owner's own browser;
/// - per client address (`address`), for browsers without the owner's mark only: 100 failures are
///   free (thousands of people may share one address behind a campus, an office or a mobile
///   carrier), then each attempt waits 1 s after the address's latest failure, 2 s, 4 s… up to a
///   minute — slowed, never shut out for a quarter of an hour, and refused before any hashing. A
///   browser showing a valid mark for the account it logs in to is never held up by its address,
///   nor by anyone else's guesses: its attempts count against its own budget alone;
/// - a logged-in user's own password checks (`reauth`): the account rule on the user's own failures
///   only, so failed logins by others never block their password change.
enum LoginThrottle {
    /// What an attempt counts against.
    enum Scope: String, Sendable {
        case account, device, address, reauth
        /// Password recovery: mails sent per account, requests per client address (`PasswordReset`).
        case recovery
        case recoveryAddress = "recovery_address"
    }

    /// One budget: a scope and whose it is (a user id, a login name, a device, an address).
    struct Subject: Sendable, Equatable {
        let scope: Scope
        let value: String
    }

    /// The attempts reserved for one check, settled once the password has been checked.
    struct Reservation: Sendable {
        fileprivate let ids: [Int64]
        fileprivate let subjects: [Subject]
    }

    /// Failures free of delay per subject, and the window they are counted in.
    static let freeFailures = 5
    static let window = 15 * 60
    /// The longest delay between two attempts of one subject.
    static let longestDelay = 5 * 60
    /// Failures from one address in the window after which unknown browsers there are slowed.
    static let addressLimit = 100
    /// The longest delay an address's failures put between two attempts.
    static let longestAddressDelay = 60

    /// The subject a login attempt counts against: the user the login names, or the name itself.
    static func account(userID: Int64?, login: String) -> Subject {
        Subject(scope: .account, value: userID.map { "user:\($0)" } ?? "login:" + String(login.lowercased().prefix(40)))
    }

    /// Reserves one attempt against each of `subjects`; returns it, or the seconds to wait first.
    static func reserve(_ subjects: [Subject], now: Int, in db: Database) throws -> Result<Reservation, Wait> {
        let wait = try subjects.map { try waitSeconds($0, now: now, in: db) }.max() ?? 0
        if wait > 0 { return .failure(Wait(seconds: wait)) }
        var ids: [Int64] = []
        for subject in subjects {
            let attemptID = try db.insert(
                "INSERT INTO login_attempts (scope, subject, attempted_at, outcome) VALUES (?, ?, ?, 'pending') RETURNING id",
                [subject.scope.rawValue, subject.value, now])
            ids.append(attemptID)
        }
        return .success(Reservation(ids: ids, subjects: subjects))
    }

    /// Records how the reserved attempt went: a failure counts from `now`; a success forgets the
    /// failures of its account or device (not those of its address).
    static func settle(_ reservation: Reservation, succeeded: Bool, now: Int, in db: Database) throws {
        guard succeeded else {
            for id in reservation.ids {
                try db.run("UPDATE login_attempts SET outcome = 'failed', attempted_at = ? WHERE id = ?", [now, id])
            }
            return
        }
        try release(reservation, in: db)
        for subject in reservation.subjects where subject.scope != .address {
            try db.run("DELETE FROM login_attempts WHERE scope = ? AND subject = ?", [subject.scope.rawValue, subject.value])
        }
    }

    /// Gives back a reserved attempt that was never checked (the site was too busy).
    static func release(_ reservation: Reservation, in db: Database) throws {
        for id in reservation.ids { try db.run("DELETE FROM login_attempts WHERE id = ?", [id]) }
    }

    /// Forgets the failures counted against a user's account and own checks (their password changed,
    /// so guesses at the old one no longer matter).
    static func forgetFailures(ofUser userID: Int64, in db: Database) throws {
        try db.run("DELETE FROM login_attempts WHERE scope IN ('account', 'reauth') AND subject = ?", ["user:\(userID)"])
    }

    /// Forgets attempts older than their window (the hourly clean-up job); registrations count for an hour.
    static func purge(now: Int, in db: Database) throws {
        try db.run(
            "DELETE FROM login_attempts WHERE attempted_at < ? AND (scope <> 'registration' OR attempted_at < ?)",
            [now - window, now - RegistrationThrottle.window])
    }

    /// Seconds `subject` must wait before another attempt, or 0: once its free failures in the
    /// window are spent, a delay after its latest attempt that doubles with each one more.
    static func waitSeconds(_ subject: Subject, now: Int, in db: Database) throws -> Int {
        let recent = try db.queryOne(
            """
            SELECT COUNT(*) AS attempts, MAX(attempted_at) AS latest FROM login_attempts
            WHERE scope = ? AND subject = ? AND attempted_at > ?
            """, [subject.scope.rawValue, subject.value, now - window])
        let count = try recent?.int("attempts") ?? 0
        let (free, longest) = subject.scope == .address ? (addressLimit, longestAddressDelay) : (freeFailures, longestDelay)
        guard count >= free, let latest = try recent?.optionalInt("latest") else { return 0 }
        let delay = min(longest, 1 << min(20, count - free))
        return max(0, latest + delay - now)
    }

    /// How many attempts `subject` made in the window before `now`.
    static func count(_ subject: Subject, now: Int, in db: Database) throws -> Int {
        try db.queryOne(
            "SELECT COUNT(*) AS attempts FROM login_attempts WHERE scope = ? AND subject = ? AND attempted_at > ?",
            [subject.scope.rawValue, subject.value, now - window])?.int("attempts") ?? 0
    }

    /// Seconds until `subject` has fewer than `limit` attempts in the window, or 0 when it has now.
    static func secondsUntilBelow(_ limit: Int, _ subject: Subject, now: Int, in db: Database) throws -> Int {
        let times = try db.query(
            """
            SELECT attempted_at FROM login_attempts WHERE scope = ? AND subject = ? AND attempted_at > ?
            ORDER BY attempted_at DESC LIMIT ?
            """, [subject.scope.rawValue, subject.value, now - window, limit]
        ).map { try $0.int("attempted_at") }
        return times.count < limit ? 0 : max(1, times[limit - 1] + window - now)
    }

    /// Counts one attempt of `subject` at `now` (one that needs no settling).
    static func note(_ subject: Subject, now: Int, in db: Database) throws {
        try db.run(
            "INSERT INTO login_attempts (scope, subject, attempted_at, outcome) VALUES (?, ?, ?, 'done')",
            [subject.scope.rawValue, subject.value, now])
    }

    /// How long to wait before trying again.
    struct Wait: Error, Sendable {
        let seconds: Int
    }
}
