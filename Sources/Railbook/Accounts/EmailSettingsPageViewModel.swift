/// The e-mail page of the profile (`accounts/email`): the confirmed address, one waiting for its
/// link, the form for a new one, removing it, and the kinds of mail it gets.
struct EmailSettingsPageViewModel: Encodable {
    /// One kind of mail that can be turned off.
    struct Topic: Encodable {
        let value: String
        let label: String
        let isOn: Bool
    }

    /// What was just done (a link sent, the address removed, the choices saved).
    let notice: String?
    let current: String?
    let hasCurrent: Bool
    /// The address waiting for its link, said in a sentence.
    let pending: String?
    let fields: [FieldViewModel]
    let hasErrors: Bool
    /// The password field of the remove form, with its problem.
    let removeError: String?
    let topics: [Topic]

    init(
        current: String?, pending: EmailChange.Pending?, topicsOff: Set<MailTopic>, address: String, errors: FormErrors, notice: String?,
        text: TextLookup
    ) {
        self.notice = notice.map { text($0) }
        self.current = current
        hasCurrent = current != nil
        self.pending = pending.map { text("email_pending", $0.address, ChinaMoment($0.createdAt + EmailChange.validSeconds).text) }
        let form = AccountFormFields(text: text, errors: errors)
        fields = [
            form.field("email", address, type: "email", autocomplete: "email", hint: "hint_email", maxLength: MailAddress.maximumLength),
            form.field("current_password", "", type: "password", autocomplete: "current-password", maxLength: 64),
        ]
        hasErrors = !errors.isEmpty
        removeError = errors["remove_password"].map { text($0) }
        topics = MailTopic.optional.map { Topic(value: $0.rawValue, label: text($0.messageKey), isOn: !topicsOff.contains($0)) }
    }
}
