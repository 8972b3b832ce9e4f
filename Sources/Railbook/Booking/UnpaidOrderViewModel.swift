import Mustache

/// The alert that the account has an order waiting for payment (`Templates/booking/_unpaid`): what
/// it is, and a link to it, where it is paid or cancelled.
enum UnpaidOrderViewModel {
    static func value(_ unpaid: UnpaidOrder?, renderer: PageRenderer, context: AppContext) -> MustacheValue {
        guard let unpaid else { return .null }
        return .object([
            "number": .string(unpaid.number), "href": .string(unpaid.href),
            "text": .string(renderer.messages.text(unpaid.messageKey, context.language, unpaid.number)),
            "linkText": .string(renderer.text("unpaid_order_open", context)),
        ])
    }
}
