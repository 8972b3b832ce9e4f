import HTTP

/// The message a page shows after a cart action returned to it (`cart_error` or `cart_notice`
/// with `cart_product`), in the page's language. Unknown codes or products show nothing.
struct CartOutcomeMessage {
    /// Why the last change was refused.
    let error: String?
    /// What the last change did.
    let notice: String?

    init(query: Parameters, products: [Product], text: TextLookup) {
        let productID = query[CartReturn.productParameter].flatMap { Int64($0) }
        let product = products.first { $0.id == productID }
        let name = product?.name.text(text.language)
        switch query[CartReturn.errorParameter].flatMap(CartError.init(rawValue:)) {
        case .quantity?:
            error = text("cart_error_quantity", String(Cart.maximumQuantity))
        case .stock?:
            error = product.map { text("cart_error_stock", $0.name.text(text.language), String($0.stock)) }
        case .soldOut?:
            error = name.map { text("cart_error_sold_out", $0) }
        case .unavailable?:
            error = name.map { text("cart_error_unavailable", $0) }
        case nil:
            error = nil
        }
        let noticeCode = query[CartReturn.noticeParameter].flatMap(CartReturn.Notice.init(rawValue:))
        notice = noticeCode.flatMap { code in name.map { text(code == .added ? "cart_notice_added" : "cart_notice_removed", $0) } }
    }
}
