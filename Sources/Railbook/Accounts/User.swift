import Storage

/// A person with an account: who they are, how to reach them, and what they may do.
public struct User: RowDecodable, Sendable {
    /// What a user may do on the site.
    public enum Authority: String, SQLBindable, Sendable { case user, admin }

    public let id: Int64
    public let account: String
    public let name: String
    /// Nil for administrator accounts created from the command line.
    public let certificateType: CertificateType?
    public let certificateNumber: String?
    public let mobile: String?
    public let gender: Gender
    public let info: String
    public let authority: Authority
    public let isLocked: Bool
    let passwordHash: String

    /// The columns `init(row:)` reads, for SELECT lists.
    static let columns = "id, account, name, certificate_type, certificate_number, mobile, gender, info, authority, is_locked, password_hash"

    public init(row: Row) throws {
        id = try row.int64("id")
        account = try row.string("account")
        name = try row.string("name")
        certificateType = try row.optionalString("certificate_type").flatMap(CertificateType.init(rawValue:))
        certificateNumber = try row.optionalString("certificate_number")
        mobile = try row.optionalString("mobile")
        gender = try row.decode(Gender.self, "gender")
        info = try row.string("info")
        authority = try row.decode(Authority.self, "authority")
        isLocked = try row.bool("is_locked")
        passwordHash = try row.string("password_hash")
    }

    /// True for administrators.
    public var isAdmin: Bool { authority == .admin }
}

/// A person's gender as recorded on their documents.
public enum Gender: String, SQLBindable, CaseIterable, Sendable {
    case male, female, unspecified

    /// The message-catalog key of its name.
    var messageKey: String {
        switch self {
        case .male: "gender_male"
        case .female: "gender_female"
        case .unspecified: "gender_unspecified"
        }
    }
}

extension User {
    /// The user with `id`, or nil.
    static func find(id: Int64, in db: Database) throws -> User? {
        try db.queryOne(User.self, "SELECT \(columns) FROM users WHERE id = ?", [id])
    }

    /// The user whose account name (any case) or mobile number is `login`, or nil.
    static func find(login: String, in db: Database) throws -> User? {
        try db.queryOne(
            User.self, "SELECT \(columns) FROM users WHERE account_key = ? OR mobile = ?",
            [login.lowercased(), login])
    }

    /// Replaces the stored password hash.
    static func setPasswordHash(_ hash: String, for id: Int64, in db: Database) throws {
        try db.run("UPDATE users SET password_hash = ? WHERE id = ?", [hash, id])
    }
}
