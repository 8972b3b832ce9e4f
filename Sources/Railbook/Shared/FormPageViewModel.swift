/// A page with one form of fields (`forms/_field`), as the registration, password and feedback
/// pages show it: the fields with the typed values and their messages, whether any field has a
/// message, and an alert for the whole form.
struct FormPageViewModel: Encodable {
    /// The fields, with the typed values and their messages.
    let fields: [FieldViewModel]
    /// True when any field has a message: the form then says so above it.
    let hasErrors: Bool
    /// A message about the whole form (a refused registration, a full feedback box).
    let alert: String?

    /// The form's `fields`, showing `errors` and `alert`.
    init(fields: [FieldViewModel], errors: FormErrors, alert: String? = nil) {
        self.init(fields: fields, hasErrors: !errors.isEmpty, alert: alert)
    }

    /// The form's `fields`, saying above them that some have messages when `hasErrors`.
    init(fields: [FieldViewModel], hasErrors: Bool, alert: String? = nil) {
        self.fields = fields
        self.hasErrors = hasErrors
        self.alert = alert
    }
}
