/// The page that asks for an invoice or a receipt (`invoices/ask`).
struct InvoiceAskPageViewModel: Encodable {
    struct Buyer: Encodable {
        let id: String
        let label: String
        let checked: Bool
    }

    /// Where the form posts to.
    let action: String
    /// What is invoiced: the passenger, or the shop order.
    let subjectLine: String
    /// Why no invoice can be issued now, or nil.
    let refusal: String?
    let problem: String?
    let buyers: [Buyer]
    let hasBuyers: Bool
    let canAsk: Bool

    init(action: String, subjectLine: String, buyers: [InvoiceBuyer], refusal: String?, problem: String?, text: TextLookup) {
        self.action = action
        self.subjectLine = subjectLine
        self.refusal = refusal
        self.problem = problem
        self.buyers = buyers.enumerated().map { index, buyer in
            Buyer(
                id: String(buyer.id), label: buyer.name + (buyer.creditCode.map { " · " + $0 } ?? "") + " (" + text(buyer.kind.messageKey) + ")",
                checked: index == 0)
        }
        hasBuyers = !buyers.isEmpty
        canAsk = refusal == nil && !buyers.isEmpty
    }
}
