/// An issued invoice as its page shows it (`invoices/invoice`).
struct InvoicePageViewModel: Encodable {
    let id: String
    let number: String
    let kind: String
    let kindText: String
    /// For a cancellation: the number of the invoice it takes back.
    let cancels: String?
    let issued: String
    let sellerName: String
    let sellerCode: String
    let buyerName: String
    let buyerCode: String?
    let description: String
    let amount: String
    let net: String
    let taxRate: String
    let tax: String
    let verifyPath: String

    init(_ invoice: Invoice, cancels: String? = nil, settings: InvoiceSettings, text: TextLookup) {
        id = String(invoice.id)
        number = invoice.number
        kind = invoice.kind.rawValue
        kindText = text(invoice.kind.messageKey)
        self.cancels = cancels
        issued = ChinaMoment(invoice.issuedAt).text
        sellerName = settings.sellerName
        sellerCode = settings.sellerCode
        buyerName = invoice.buyerName
        buyerCode = invoice.buyerCreditCode
        description = invoice.description
        amount = Money.format(invoice.amountFen)
        net = Money.format(invoice.amountFen - invoice.taxFen)
        taxRate = String(invoice.taxRatePermille / 10) + (invoice.taxRatePermille % 10 == 0 ? "" : "." + String(invoice.taxRatePermille % 10)) + "%"
        tax = Money.format(invoice.taxFen)
        verifyPath = "/invoices/verify/" + invoice.verifyCode
    }
}
