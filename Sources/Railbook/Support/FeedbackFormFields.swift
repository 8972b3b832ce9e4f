/// Builds the labelled fields of the feedback form in the page's language.
struct FeedbackFormFields {
    /// The copy of the page's language.
    let text: TextLookup
    let errors: FormErrors

    /// Every field of the feedback form, in order, showing `details` and the errors.
    func fields(_ details: FeedbackForm) -> [FieldViewModel] {
        let categories =
            [(value: "", label: text("option_choose"))]
            + FeedbackCategory.allCases.map { (value: $0.rawValue, label: text($0.messageKey)) }
        return [
            FieldViewModel(
                name: "category", label: text("label_feedback_category"), control: .select(options: categories),
                value: details.category, error: error("category")),
            FieldViewModel(
                name: "text", label: text("label_feedback_text"), control: .textArea, value: details.text,
                hint: text("hint_feedback_text"), error: error("text"), maxLength: 2000),
            FieldViewModel(
                name: "contact", label: text("label_feedback_contact"), value: details.contact,
                hint: text("hint_feedback_contact"), error: error("contact"), isRequired: false,
                autocomplete: "email", maxLength: 100),
        ]
    }

    private func error(_ field: String) -> String? { errors[field].map { text($0) } }
}
