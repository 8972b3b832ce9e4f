/// The buyers page (`invoices/buyers`): the list and the form to add one.
struct InvoiceBuyersPageViewModel: Encodable {
    struct Row: Encodable {
        let id: String
        let kind: String
        let kindText: String
        let name: String
        let creditCode: String?
    }

    let notice: String?
    let buyers: [Row]
    let hasBuyers: Bool
    let fields: [FieldViewModel]
    let hasErrors: Bool

    init(buyers: [InvoiceBuyer], form: InvoiceBuyer.Form, errors: FormErrors, notice: String?, text: TextLookup) {
        self.notice = notice.map { text($0) }
        self.buyers = buyers.map {
            Row(id: String($0.id), kind: $0.kind.rawValue, kindText: text($0.kind.messageKey), name: $0.name, creditCode: $0.creditCode)
        }
        hasBuyers = !buyers.isEmpty
        let options = InvoiceBuyer.Kind.allCases.map { (value: $0.rawValue, label: text($0.messageKey)) }
        fields = [
            FieldViewModel(
                name: "kind", label: text("label_invoice_buyer_kind"), control: .select(options: options), value: form.kind,
                error: errors["kind"].map { text($0) }),
            FieldViewModel(
                name: "name", label: text("label_invoice_buyer_name"), value: form.name, error: errors["name"].map { text($0) }, maxLength: 100),
            FieldViewModel(
                name: "credit_code", label: text("label_credit_code"), value: form.creditCode, hint: text("hint_credit_code"),
                error: errors["credit_code"].map { text($0) }, isRequired: false, maxLength: 22),
        ]
        hasErrors = !errors.isEmpty
    }
}
