import HTTP
import Storage

/// Who an invoice is made out to (发票抬头), kept on the account to choose from when asking for an
/// invoice: a person by name, or a company by name and unified social credit code.
struct InvoiceBuyer: RowDecodable, Sendable {
    /// A person or a company.
    enum Kind: String, SQLBindable, CaseIterable, Sendable {
        case person, company

        /// The message-catalog key of the kind's name.
        var messageKey: String { self == .person ? "invoice_buyer_person" : "invoice_buyer_company" }
    }

    let id: Int64
    let userID: Int64
    let kind: Kind
    let name: String
    let creditCode: String?

    /// A buyer as an invoice keeps it (the account's buyer may be removed later).
    struct Copy: Sendable {
        let kind: Kind
        let name: String
        let creditCode: String?
    }

    /// This buyer as an invoice keeps it.
    var copy: Copy { Copy(kind: kind, name: name, creditCode: creditCode) }

    /// How many buyers an account keeps at most.
    static let limit = 10

    init(row: Row) throws {
        id = try row.int64("id")
        userID = try row.int64("user_id")
        kind = try row.decode(Kind.self, "kind")
        name = try row.string("name")
        creditCode = try row.optionalString("credit_code")
    }

    /// The user's buyers, in the order added.
    static func list(for userID: Int64, in db: Database) throws -> [InvoiceBuyer] {
        try db.query(InvoiceBuyer.self, "SELECT id, user_id, kind, name, credit_code FROM invoice_buyers WHERE user_id = ? ORDER BY id", [userID])
    }

    /// The user's buyer `id`, or nil (another user's too).
    static func find(id: Int64, userID: Int64, in db: Database) throws -> InvoiceBuyer? {
        try db.queryOne(
            InvoiceBuyer.self, "SELECT id, user_id, kind, name, credit_code FROM invoice_buyers WHERE id = ? AND user_id = ?", [id, userID])
    }

    /// A filled-in buyer form.
    struct Form {
        var kind = Kind.person.rawValue
        var name = ""
        var creditCode = ""

        init() {}

        /// Reads the form fields `kind`, `name`, `credit_code`.
        init(form: Parameters) {
            kind = form["kind"] ?? ""
            name = (form["name"] ?? "").trimmed
            creditCode = (form["credit_code"] ?? "").trimmed
        }

        /// Every rule a field breaks, by field name; the checked code of a company.
        func check() -> (problems: FormErrors, code: CreditCode?) {
            var errors = FormErrors()
            guard let kind = Kind(rawValue: kind) else {
                errors.add("kind", "error_invoice_buyer_kind")
                return (errors, nil)
            }
            if name.isEmpty || name.count > 100 || name.contains(where: { $0.isNewline }) { errors.add("name", "error_invoice_buyer_name") }
            guard kind == .company else { return (errors, nil) }
            switch CreditCode.parse(creditCode) {
            case .success(let code): return (errors, code)
            case .failure(let error):
                switch error.problem {
                case .length: errors.add("credit_code", "error_credit_code_length")
                case .character: errors.add("credit_code", "error_credit_code_character")
                case .checkCharacter: errors.add("credit_code", "error_credit_code_check")
                }
                return (errors, nil)
            }
        }
    }

    /// Keeps a buyer for `userID`; throws `LimitReached` at `limit`.
    static func create(kind: Kind, name: String, code: CreditCode?, for userID: Int64, now: Int, in db: Database) throws {
        let count = try db.queryOne("SELECT COUNT(*) AS n FROM invoice_buyers WHERE user_id = ?", [userID])?.int("n") ?? 0
        guard count < limit else { throw LimitReached() }
        try db.run(
            "INSERT INTO invoice_buyers (user_id, kind, name, credit_code, created_at) VALUES (?, ?, ?, ?, ?)",
            [userID, kind, name, code?.text, now])
    }

    /// Forgets the user's buyer `id`; false when there is none (invoices keep their own copy).
    static func delete(id: Int64, userID: Int64, in db: Database) throws -> Bool {
        try db.run("DELETE FROM invoice_buyers WHERE id = ? AND user_id = ?", [id, userID]) == 1
    }

    /// The account keeps `limit` buyers already.
    struct LimitReached: Error {}
}
