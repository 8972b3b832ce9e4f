/// The new-complaint form (`complaints/new`): its fields, and whether the user has orders to
/// choose from.
struct ComplaintFormPageViewModel: Encodable {
    /// The fields, with the typed values and their messages.
    let fields: [FieldViewModel]
    /// True when any field has a message.
    let hasErrors: Bool
    /// A message about the whole form.
    let alert: String?
    let hasOrders: Bool

    init(form: FormPageViewModel, hasOrders: Bool) {
        fields = form.fields
        hasErrors = form.hasErrors
        alert = form.alert
        self.hasOrders = hasOrders
    }
}
