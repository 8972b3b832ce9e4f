/// The invoices page of the back office (`admin/invoices`).
struct AdminInvoicesPageViewModel: Encodable {
    struct Row: Encodable {
        let number: String
        let kind: String
        let kindText: String
        let issued: String
        let buyer: String
        let amount: String
        let tax: String
    }

    let date: String
    let number: String
    let problem: String?
    let invoices: [Row]
    let hasInvoices: Bool

    init(date: String, number: String, problem: String?, invoices: [Invoice], text: TextLookup) {
        self.date = date
        self.number = number
        self.problem = problem
        self.invoices = invoices.map { invoice in
            Row(
                number: invoice.number, kind: invoice.kind.rawValue, kindText: text(invoice.kind.messageKey),
                issued: ChinaMoment(invoice.issuedAt).text,
                buyer: invoice.buyerName + (invoice.buyerCreditCode.map { " · " + $0 } ?? ""), amount: Money.format(invoice.amountFen),
                tax: Money.format(invoice.taxFen))
        }
        hasInvoices = !invoices.isEmpty
    }
}
