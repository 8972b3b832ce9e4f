import Glibc

/// This running server among the others on the same database.
enum ServerInstance {
    /// Names this process where it holds work for a while (job leases, claims on reactions): its
    /// process id and a random part, new at each start, e.g. `4711-9f86d081884c7d65`.
    static let id = String(getpid()) + "-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)

    /// What the session that shows this server running is called on PostgreSQL
    /// (`application_name`): `presencePrefix` and `id`.
    static var presenceName: String { presencePrefix + id }
    static let presencePrefix = "railbook:"
}
