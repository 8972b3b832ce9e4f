import Storage

extension Database {
    /// Runs `check`, which throws the form's message (`FormErrors`) when a value is taken, then
    /// `change`, the INSERT or UPDATE a unique index guards, in a savepoint of the caller's write
    /// transaction. On PostgreSQL another transaction may commit the same value between the two
    /// (READ COMMITTED runs them side by side): the index then refuses the row, the savepoint is
    /// rolled back and `check` runs again, now seeing the other row, so the user reads the same
    /// message as for a value taken long ago, never a 500. Should `check` find nothing, the
    /// database's error is rethrown.
    func changeGuardedByUniqueIndex<T>(check: (Database) throws -> Void, _ change: (Database) throws -> T) throws -> T {
        try check(self)
        do {
            return try write(change)
        } catch let error as any DatabaseError where error.isUniqueViolation {
            try check(self)
            throw error
        }
    }
}
