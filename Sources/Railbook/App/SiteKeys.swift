import Secrets
import Storage

/// The instance's secret keys, generated on first start and kept in the `settings` table, so that
/// signed values (CSRF tokens, later payment notifications) stay valid across restarts.
struct SiteKeys: Sendable {
    /// Signs CSRF tokens.
    let forms: HMACKey
    /// Shared with the payment provider: signs its notifications.
    let payments: HMACKey
    /// Signs the ticket references in e-ticket QR codes.
    let tickets: HMACKey
    /// Signs the marks of browsers an account logged in with (`DeviceCookie`).
    let devices: HMACKey

    /// Loads the keys, creating any that are missing.
    static func load(from database: DatabasePool) throws -> SiteKeys {
        try database.write { db in
            SiteKeys(forms: try key(named: "forms_key", in: db), payments: try key(named: "payments_key", in: db),
                     tickets: try key(named: "tickets_key", in: db), devices: try key(named: "devices_key", in: db))
        }
    }

    private static func key(named name: String, in db: Database) throws -> HMACKey {
        if let row = try db.queryOne("SELECT value FROM settings WHERE name = ?", [name]),
           let key = HMACKey(base64: try row.string("value")) {
            return key
        }
        let key = HMACKey.generate()
        try db.run("DELETE FROM settings WHERE name = ?", [name])
        try db.run("INSERT INTO settings (name, value) VALUES (?, ?)", [name, key.base64])
        return key
    }
}
