/// Builds the labelled fields of the complaint form in the page's language.
struct ComplaintFormFields {
    /// The copy of the page's language.
    let text: TextLookup
    let errors: FormErrors

    /// Every field of the complaint form, in order, showing `details` and the errors; `choices` are
    /// the user's orders, `mobile` the account's mobile number (nil when it has none).
    func fields(_ details: ComplaintForm, choices: [ComplaintSubject], mobile: String?) -> [FieldViewModel] {
        let orders = [(value: "", label: text("option_choose"))] + choices.map { (value: $0.number, label: label($0)) }
        let categories =
            [(value: "", label: text("option_choose"))]
            + ComplaintCategory.allCases.map { (value: $0.rawValue, label: text($0.messageKey)) }
        let contacts = ComplaintContactPreference.allCases.map { (value: $0.rawValue, label: text($0.messageKey)) }
        let contactHint =
            mobile.map { text("hint_complaint_contact", Masking.mobile($0)) }
            ?? text("hint_complaint_contact_no_mobile")
        return [
            FieldViewModel(
                name: "order", label: text("label_complaint_order"), control: .select(options: orders),
                value: details.orderNumber, error: error("order")),
            FieldViewModel(
                name: "category", label: text("label_complaint_category"), control: .select(options: categories),
                value: details.category, error: error("category")),
            FieldViewModel(
                name: "text", label: text("label_complaint_text"), control: .textArea, value: details.text,
                hint: text("hint_complaint_text"), error: error("text"), maxLength: ComplaintForm.textLengths.upperBound),
            FieldViewModel(
                name: "contact_preference", label: text("label_complaint_contact"), control: .select(options: contacts),
                value: details.contactPreference, hint: contactHint, error: error("contact_preference"), isRequired: false),
        ]
    }

    /// `E123456789 · Ticket order · G101 2026-12-03`.
    private func label(_ subject: ComplaintSubject) -> String {
        let summary = subject.summary.text(text.language)
        return ([subject.number, text(subject.kind.messageKey)] + (summary.isEmpty ? [] : [summary])).joined(separator: " · ")
    }

    private func error(_ field: String) -> String? { errors[field].map { text($0) } }
}
