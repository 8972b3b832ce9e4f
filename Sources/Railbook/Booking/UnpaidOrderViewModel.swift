/// The alert that the account has an order waiting for payment (`Templates/booking/_unpaid`): what
/// it is, and a link to it, where it is paid or cancelled.
struct UnpaidOrderViewModel: Encodable {
    let number: String
    let href: String
    /// Why nothing else can be booked meanwhile.
    let text: String
    let linkText: String

    init(_ unpaid: UnpaidOrder, text: TextLookup) {
        number = unpaid.number
        href = unpaid.href
        self.text = text(unpaid.messageKey, unpaid.number)
        linkText = text("unpaid_order_open")
    }
}
