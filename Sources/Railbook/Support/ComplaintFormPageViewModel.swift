import Mustache

/// The new-complaint form (`complaints/new`): its fields, and whether the user has orders to
/// choose from.
struct ComplaintFormPageViewModel: MustacheRenderable {
    let form: FormPageViewModel
    let hasOrders: Bool

    var mustacheValue: MustacheValue {
        guard case .object(var values) = form.mustacheValue else { return form.mustacheValue }
        values["hasOrders"] = .bool(hasOrders)
        return .object(values)
    }
}
