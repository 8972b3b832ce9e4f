import Storage

/// Red-letter invoices (红字发票): when a ticket whose fare was invoiced is refunded, the money
/// refunded is taken back by a cancellation linked to the original invoice, issued by the same
/// transaction as the refund (through `Outbox.record`) and mailed like any invoice.
enum InvoiceCancellations {
    static func issue(for events: [any DomainEvent], now: Int, in db: Database) throws {
        for case let refund as TicketRefunded in events where refund.refundedFen > 0 {
            guard let original = try Invoice.find(kind: .ticket, subject: Invoice.subject(ticketID: refund.ticketID), in: db) else { continue }
            let buyer = InvoiceBuyer.Copy(kind: original.buyerKind, name: original.buyerName, creditCode: original.buyerCreditCode)
            var draft = Invoice.Draft(
                kind: .cancellation, subject: "cancel:\(original.id)", userID: original.userID, buyer: buyer,
                amountFen: -min(refund.refundedFen, original.amountFen), description: original.description)
            draft.cancelsInvoiceID = original.id
            let issued = try Invoice.issue(draft, taxPermille: original.taxRatePermille, now: now, in: db)
            try InvoiceMail.queue(issued, now: now, in: db)
        }
    }
}
