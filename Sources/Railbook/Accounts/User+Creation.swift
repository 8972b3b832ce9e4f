import Storage

extension User {
    /// Creates a user without identity document or mobile number (administrators and other accounts
    /// an operator makes from the command line); returns the new id, or nil when the account is taken.
    /// The account and name must already satisfy `AccountRules`.
    static func createWithoutDocuments(
        account: String, name: String, authority: Authority, passwordHash: String,
        now: Int, in db: Database
    ) throws -> Int64? {
        try UncheckedArgument.require(
            AccountRules.accountProblem(account) == nil && AccountRules.nameProblem(name) == nil,
            "check the account and name first")
        let isTaken = { (db: Database) in
            if try db.queryOne("SELECT id FROM users WHERE account_key = ?", [account.lowercased()]) != nil { throw AccountTaken() }
        }
        do {
            return try db.changeGuardedByUniqueIndex(check: isTaken) { db in
                try db.insert(
                    """
                    INSERT INTO users (account, account_key, password_hash, name, certificate_type, certificate_number, mobile,
                                       gender, info, authority, is_locked, created_at)
                    VALUES (?, ?, ?, ?, NULL, NULL, NULL, 'unspecified', '', ?, 0, ?)
                    RETURNING id
                    """,
                    [
                        account, account.lowercased(), passwordHash, name, authority.rawValue,
                        now,
                    ])
            }
        } catch is AccountTaken {
            return nil
        }
    }

    private struct AccountTaken: Error {}
}
