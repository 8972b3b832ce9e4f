import Secrets
import Storage

/// An issued e-invoice (电子发票): numbered without gaps per year, made out to a buyer, for one
/// passenger's ticket after travel or for a refund or change fee paid. Issued once per ticket and
/// kind: asking again finds the one issued (`UNIQUE (kind, subject)`).
struct Invoice: RowDecodable, Sendable {
    /// What an invoice is for.
    enum Kind: String, SQLBindable, Sendable {
        /// A passenger's ticket, after travel.
        case ticket
        /// A refund or change fee kept from a ticket.
        case fee
        /// A shop order's receipt (meals, specialties).
        case receipt
        /// A red-letter invoice taking back (part of) an earlier one, for money refunded after it.
        case cancellation

        /// The message-catalog key of the kind's name.
        var messageKey: String {
            switch self {
            case .ticket: "invoice_kind_ticket"
            case .fee: "invoice_kind_fee"
            case .receipt: "invoice_kind_receipt"
            case .cancellation: "invoice_kind_cancellation"
            }
        }
    }

    let id: Int64
    let number: String
    let kind: Kind
    let subject: String
    let userID: Int64
    let buyerKind: InvoiceBuyer.Kind
    let buyerName: String
    let buyerCreditCode: String?
    let amountFen: Int
    let taxRatePermille: Int
    let taxFen: Int
    /// What was sold, one line per item (the trip: train, date, stations, seat, passenger masked).
    let description: String
    let verifyCode: String
    let issuedAt: Int
    /// The invoice a cancellation takes back.
    let cancelsInvoiceID: Int64?

    static let columns = """
        id, number, kind, subject, user_id, buyer_kind, buyer_name, buyer_credit_code, amount_fen, tax_rate_permille, tax_fen,
        description, verify_code, issued_at, cancels_invoice_id
        """

    init(row: Row) throws {
        id = try row.int64("id")
        number = try row.string("number")
        kind = try row.decode(Kind.self, "kind")
        subject = try row.string("subject")
        userID = try row.int64("user_id")
        buyerKind = try row.decode(InvoiceBuyer.Kind.self, "buyer_kind")
        buyerName = try row.string("buyer_name")
        buyerCreditCode = try row.optionalString("buyer_credit_code")
        amountFen = try row.int("amount_fen")
        taxRatePermille = try row.int("tax_rate_permille")
        taxFen = try row.int("tax_fen")
        description = try row.string("description")
        verifyCode = try row.string("verify_code")
        issuedAt = try row.int("issued_at")
        cancelsInvoiceID = try row.optionalInt64("cancels_invoice_id")
    }

    /// The subject of a ticket's invoice of `kind`.
    static func subject(ticketID: Int64) -> String { "ticket:\(ticketID)" }

    /// The invoice of `kind` for `subject`, if one was issued.
    static func find(kind: Kind, subject: String, in db: Database) throws -> Invoice? {
        try db.queryOne(Invoice.self, "SELECT \(columns) FROM invoices WHERE kind = ? AND subject = ?", [kind, subject])
    }

    /// The user's invoice `id`, or nil (another user's too).
    static func find(id: Int64, userID: Int64, in db: Database) throws -> Invoice? {
        try db.queryOne(Invoice.self, "SELECT \(columns) FROM invoices WHERE id = ? AND user_id = ?", [id, userID])
    }

    /// The invoice whose verification code is `code`, or nil.
    static func find(verifyCode code: String, in db: Database) throws -> Invoice? {
        guard !code.isEmpty, code.count <= 40 else { return nil }
        return try db.queryOne(Invoice.self, "SELECT \(columns) FROM invoices WHERE verify_code = ?", [code])
    }

    /// The tax inside `amountFen` at `permille` (a price that includes its tax): amount − amount ÷ (1 + rate), to the fen;
    /// a negative amount (a cancellation) has the tax of its positive, negated.
    static func tax(ofGross amountFen: Int, permille: Int) -> Int {
        guard amountFen >= 0 else { return -tax(ofGross: -amountFen, permille: permille) }
        return amountFen - (amountFen * 1000 + (1000 + permille) / 2) / (1000 + permille)
    }

    /// Runs `issue`, a write that issues the invoice of `kind` for `subject`; when another request
    /// issued it at the same moment (the unique index refuses the second), returns that one.
    static func issuingOnce(kind: Kind, subject: String, in database: DatabasePool, _ issue: (Database) throws -> Invoice) throws -> Invoice {
        do {
            return try database.write(issue)
        } catch let error as any DatabaseError where error.isUniqueViolation {
            guard let issued = try database.read({ try find(kind: kind, subject: subject, in: $0) }) else { throw error }
            return issued
        }
    }

    /// The invoice with `id`, or nil.
    static func find(id: Int64, in db: Database) throws -> Invoice? {
        try db.queryOne(Invoice.self, "SELECT \(columns) FROM invoices WHERE id = ?", [id])
    }

    /// Invoices issued on `date` (China time), by number, and those whose number holds `number`.
    static func list(on date: CivilDate, number: String, limit: Int = 200, in db: Database) throws -> [Invoice] {
        if !number.isEmpty {
            // Numbers are digits only: anything else typed matches nothing (not every invoice).
            let digits = number.filter { $0.isASCII && $0.isNumber }
            guard digits.count == number.count else { return [] }
            return try db.query(
                Invoice.self, "SELECT \(columns) FROM invoices WHERE number LIKE ? ORDER BY number LIMIT ?", ["%" + digits + "%", limit])
        }
        let start = date.daysSinceEpoch * 86_400 - ChinaTime.offsetSeconds
        return try db.query(
            Invoice.self, "SELECT \(columns) FROM invoices WHERE issued_at >= ? AND issued_at < ? ORDER BY number LIMIT ?",
            [start, start + 86_400, limit])
    }

    /// What to issue: kind, subject, the user, the buyer, the amount and its lines.
    struct Draft {
        let kind: Kind
        let subject: String
        let userID: Int64
        let buyer: InvoiceBuyer.Copy
        let amountFen: Int
        let description: String
        /// For a cancellation: the invoice it takes back.
        var cancelsInvoiceID: Int64?
    }

    /// Issues `draft` at `now` with the next number of the year (`InvoiceNumbers`) and tax at
    /// `permille`, in the caller's transaction; returns the invoice issued for its subject before
    /// when there is one (nothing new is numbered).
    static func issue(_ draft: Draft, taxPermille: Int, now: Int, in db: Database) throws -> Invoice {
        if let issued = try find(kind: draft.kind, subject: draft.subject, in: db) { return issued }
        let year = ChinaTime.date(at: now).year
        let sequence = try InvoiceNumbers.next(year: year, in: db)
        let number = String(year) + String(repeating: "0", count: max(0, 8 - String(sequence).count)) + String(sequence)
        try db.run(
            """
            INSERT INTO invoices (number, year, sequence, kind, subject, user_id, buyer_kind, buyer_name, buyer_credit_code, amount_fen,
                                  tax_rate_permille, tax_fen, description, verify_code, issued_at, cancels_invoice_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                number, year, sequence, draft.kind, draft.subject, draft.userID, draft.buyer.kind, draft.buyer.name, draft.buyer.creditCode,
                draft.amountFen, taxPermille, tax(ofGross: draft.amountFen, permille: taxPermille), draft.description,
                Token.random(byteCount: 15), now, draft.cancelsInvoiceID,
            ])
        guard let issued = try find(kind: draft.kind, subject: draft.subject, in: db) else {
            throw CorruptValue(column: "invoices.number", reason: "the invoice just issued is missing")
        }
        return issued
    }
}

/// The invoice numbers given out per year (`invoice_numbers`): the next one is taken by an UPDATE of
/// the year's row in the issuing transaction, which holds the row until it commits — a second
/// issuer (on any server) waits for it, and a rolled-back invoice gives its number back — so the
/// numbers of a year run 1, 2, 3… without a gap or a repeat.
enum InvoiceNumbers {
    static func next(year: Int, in db: Database) throws -> Int {
        try db.run("INSERT INTO invoice_numbers (year, last_number) VALUES (?, 0) ON CONFLICT (year) DO NOTHING", [year])
        guard let row = try db.queryOne("UPDATE invoice_numbers SET last_number = last_number + 1 WHERE year = ? RETURNING last_number", [year])
        else { throw CorruptValue(column: "invoice_numbers.last_number", reason: "the year has no row") }
        return try row.int("last_number")
    }
}
