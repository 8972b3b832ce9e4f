/// The profile edit page (`accounts/edit`): the account name, the fields with the typed values and
/// their messages, the student details, and the current-password field a certificate change needs.
struct ProfileEditPageViewModel: Encodable {
    let account: String
    let fields: [FieldViewModel]
    let studentFields: [FieldViewModel]
    let passwordField: FieldViewModel
    /// True when any field has a message.
    let hasErrors: Bool
}
