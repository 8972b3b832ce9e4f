import Storage

/// A delivery address (收货地址) of a user, for what they buy in the shop. A user keeps at most
/// `limit`; exactly one of them is the default while they have any. Every query is scoped to one
/// user, so nobody reaches another user's addresses.
struct Address: RowDecodable, Sendable {
    /// How many addresses an account may keep.
    static let limit = 20

    let id: Int64
    let recipient: String
    /// A mobile number (11 digits) or a landline with its area code (`010-12345678`).
    let phone: String
    /// One of `Province.all`, by its Chinese name.
    let province: String
    let city: String
    let district: String
    /// Street, building and door number.
    let detail: String
    /// Six digits, or empty when not given.
    let postcode: String
    let isDefault: Bool

    /// The columns `init(row:)` reads, for SELECT lists.
    static let columns = "id, recipient, phone, province, city, district, detail, postcode, is_default"

    init(row: Row) throws {
        id = try row.int64("id")
        recipient = try row.string("recipient")
        phone = try row.string("phone")
        province = try row.string("province")
        city = try row.string("city")
        district = try row.string("district")
        detail = try row.string("detail")
        postcode = try row.string("postcode")
        isDefault = try row.bool("is_default")
    }

    /// Province, city and district run together as on a Chinese parcel (`北京市朝阳区`); a city that
    /// repeats its municipality's name is written once.
    var region: String {
        (city == province ? province : province + city) + district
    }

    /// The phone number with its middle hidden: `138****5678`, `010-****5678`.
    var maskedPhone: String {
        guard let hyphen = phone.firstIndex(of: "-") else { return Masking.mobile(phone) }
        let number = phone[phone.index(after: hyphen)...]
        return String(phone[...hyphen]) + String(repeating: "*", count: max(number.count - 4, 0)) + String(number.suffix(4))
    }

    /// The address on one line, for choosing it at checkout: `李雷 138****5678 北京市朝阳区 建国路88号`.
    var label: String {
        [recipient, maskedPhone, region, detail].joined(separator: " ")
    }

    /// Thrown when a user who already has `limit` addresses adds another.
    struct LimitReached: Error {}
}

extension Address {
    /// The user's addresses: the default first, then the others in the order they were added.
    static func list(for userID: Int64, in db: Database) throws -> [Address] {
        try db.query(
            Address.self,
            """
            SELECT \(columns) FROM addresses WHERE user_id = ? ORDER BY is_default DESC, created_at, id
            """, [userID])
    }

    /// The user's address `id`, or nil when there is none or it belongs to someone else.
    static func find(id: Int64, userID: Int64, in db: Database) throws -> Address? {
        try db.queryOne(
            Address.self, "SELECT \(columns) FROM addresses WHERE id = ? AND user_id = ?",
            [id, userID])
    }

    /// The user's default address, or nil when they have none.
    static func defaultAddress(for userID: Int64, in db: Database) throws -> Address? {
        try db.queryOne(
            Address.self, "SELECT \(columns) FROM addresses WHERE user_id = ? AND is_default = 1",
            [userID])
    }

    /// How many addresses the user has.
    static func count(for userID: Int64, in db: Database) throws -> Int {
        try db.queryOne("SELECT COUNT(*) AS total FROM addresses WHERE user_id = ?", [userID])?.int("total") ?? 0
    }

    /// Saves a new address and returns its id; the user's first address becomes the default.
    /// Throws `LimitReached` when the user has `limit` addresses. Call inside a write transaction.
    static func create(_ details: AddressForm, for userID: Int64, now: Int, in db: Database) throws -> Int64 {
        try User.lockForChanges(userID, in: db)
        let existing = try count(for: userID, in: db)
        guard existing < limit else { throw LimitReached() }
        return try db.insert(
            """
            INSERT INTO addresses (user_id, recipient, phone, province, city, district, detail, postcode, is_default, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            RETURNING id
            """,
            [
                userID, details.recipient, details.phone, details.province,
                details.city, details.district, details.detail, details.postcode,
                existing == 0 ? 1 : 0, now,
            ])
    }

    /// Replaces the details of the user's address `id` (its default mark stays); returns false when
    /// there is no such address.
    static func update(id: Int64, with details: AddressForm, userID: Int64, in db: Database) throws -> Bool {
        try db.run(
            """
            UPDATE addresses SET recipient = ?, phone = ?, province = ?, city = ?, district = ?, detail = ?, postcode = ?
            WHERE id = ? AND user_id = ?
            """,
            [
                details.recipient, details.phone, details.province, details.city,
                details.district, details.detail, details.postcode, id, userID,
            ]) == 1
    }

    /// Makes the user's address `id` their default instead of the current one; returns false when
    /// there is no such address. Call inside a write transaction.
    static func makeDefault(id: Int64, userID: Int64, in db: Database) throws -> Bool {
        try User.lockForChanges(userID, in: db)
        guard try find(id: id, userID: userID, in: db) != nil else { return false }
        try db.run("UPDATE addresses SET is_default = 0 WHERE user_id = ? AND is_default = 1", [userID])
        try db.run("UPDATE addresses SET is_default = 1 WHERE id = ? AND user_id = ?", [id, userID])
        return true
    }

    /// Deletes the user's address `id`; returns false when there is no such address. When it was
    /// the default, the oldest remaining address becomes the default. Call inside a write transaction.
    static func delete(id: Int64, userID: Int64, in db: Database) throws -> Bool {
        try User.lockForChanges(userID, in: db)
        guard try db.run("DELETE FROM addresses WHERE id = ? AND user_id = ?", [id, userID]) == 1 else { return false }
        if try defaultAddress(for: userID, in: db) == nil,
            let oldest = try db.queryOne(
                "SELECT id FROM addresses WHERE user_id = ? ORDER BY created_at, id LIMIT 1",
                [userID])
        {
            try db.run("UPDATE addresses SET is_default = 1 WHERE id = ?", [try oldest.int64("id")])
        }
        return true
    }
}
