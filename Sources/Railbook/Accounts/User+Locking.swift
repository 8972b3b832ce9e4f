import Storage

extension User {
    /// Holds user `id`'s row locked until the transaction ends, so one person's changes to their
    /// own lists (addresses and passengers: counted, the first one made the default, then added)
    /// run one after another on PostgreSQL as they do on SQLite, from two tabs at once too. A
    /// no-op update locks as `FOR NO KEY UPDATE`, which leaves rows that refer to the user (new
    /// sessions, orders, notices) free to be written meanwhile.
    static func lockForChanges(_ id: Int64, in db: Database) throws {
        try db.run("UPDATE users SET is_locked = is_locked WHERE id = ?", [id])
    }
}
