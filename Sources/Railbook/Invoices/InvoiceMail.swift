import Storage

/// An invoice mailed, with its PDF, to the account's confirmed address when it is issued.
enum InvoiceMail {
    static func queue(_ invoice: Invoice, now: Int, in db: Database) throws {
        var draft = Mail.Draft(.invoiceIssued, arguments: [String(invoice.id)], link: "/invoices/\(invoice.id)")
        draft.onceKey = "invoice:\(invoice.id)"
        try Mail.queue(draft, toUser: invoice.userID, now: now, in: db)
    }
}
