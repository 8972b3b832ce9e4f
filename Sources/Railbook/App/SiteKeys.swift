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
    /// Signs the links in mail that turn a kind of mail off (`MailOptOut`).
    let mail: HMACKey

    /// Loads the keys, creating any that are missing.
    static func load(from database: DatabasePool) throws -> SiteKeys {
        try database.write { db in
            SiteKeys(
                forms: try key(named: "forms_key", in: db), payments: try key(named: "payments_key", in: db),
                tickets: try key(named: "tickets_key", in: db), devices: try key(named: "devices_key", in: db),
                mail: try key(named: "mail_key", in: db))
        }
    }

    /// The key stored under `name`, stored first if there is none (or it is unreadable). Two
    /// servers starting at once on one database store one key between them: the second insert
    /// does nothing, and both read back the one that was kept.
    private static func key(named name: String, in db: Database) throws -> HMACKey {
        if let key = try stored(name, in: db) { return key }
        let key = HMACKey.generate()
        try db.run("INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING", [name, key.base64])
        if let kept = try stored(name, in: db) { return kept }
        try db.run("UPDATE settings SET value = ? WHERE name = ?", [key.base64, name]) // an unreadable key is replaced
        return key
    }

    private static func stored(_ name: String, in db: Database) throws -> HMACKey? {
        try db.queryOne("SELECT value FROM settings WHERE name = ?", [name]).flatMap { HMACKey(base64: try $0.string("value")) }
    }
}
