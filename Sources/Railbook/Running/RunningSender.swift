import Secrets
import Storage

/// A train-tracking system allowed to send running reports (`POST /running/reports`), each with a
/// key of its own that signs its reports. Administrators add senders (the key is shown once) and
/// revoke them (`/admin/running-senders`).
struct RunningSender: Sendable {
    let id: Int64
    let name: String
    let key: HMACKey
    let createdAt: Int
    let revokedAt: Int?

    /// A sender's name: 1 to 40 lower-case ASCII letters, digits, hyphens or underscores.
    static func isName(_ name: String) -> Bool {
        (1...40).contains(name.utf8.count)
            && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D || $0 == 0x5F }
    }

    /// Every sender, the newest first.
    static func all(in db: Database) throws -> [RunningSender] {
        try db.query("SELECT id, name, key, created_at, revoked_at FROM running_senders ORDER BY id DESC").compactMap(sender)
    }

    /// The sender named `name` that is not revoked, or nil.
    static func active(named name: String, in db: Database) throws -> RunningSender? {
        try db.queryOne("SELECT id, name, key, created_at, revoked_at FROM running_senders WHERE name = ? AND revoked_at IS NULL", [name])
            .flatMap(sender)
    }

    /// Adds a sender named `name` (checked by the caller) with a new key; nil when the name is taken.
    static func add(named name: String, now: Int, in db: Database) throws -> HMACKey? {
        let key = HMACKey.generate()
        let added = try db.run(
            "INSERT INTO running_senders (name, key, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING", [name, key.base64, now])
        return added == 1 ? key : nil
    }

    /// Revokes sender `id`: its reports are refused from now on. False when it was revoked already or is unknown.
    static func revoke(id: Int64, now: Int, in db: Database) throws -> Bool {
        try db.run("UPDATE running_senders SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", [now, id]) == 1
    }

    private static func sender(_ row: Row) throws -> RunningSender? {
        guard let key = HMACKey(base64: try row.string("key")) else { return nil }
        return RunningSender(
            id: try row.int64("id"), name: try row.string("name"), key: key, createdAt: try row.int("created_at"),
            revokedAt: try row.optionalInt("revoked_at"))
    }
}
