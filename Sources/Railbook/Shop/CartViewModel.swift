import HTTP

/// A cart as the `shop/_cart` partial draws it: each line with its forms, zero lines flagged (struck
/// through, left out of the total), the total and the number of pieces. An absent cart is empty.
struct CartViewModel: Encodable {
    /// One line of the cart, with the labels of its buttons.
    struct Line: Encodable {
        let id: String
        let name: String
        let href: String
        let quantity: Int
        /// The quantity went down to zero: the line is struck through and not counted.
        let isZero: Bool
        /// "¥12.00 each".
        let unitPrice: String
        let subtotal: String
        let subtotalFen: Int
        let decreaseLabel: String
        let increaseLabel: String
        let removeLabel: String
        let canIncrease: Bool
        /// Why the line cannot be bought as it is (unavailable, sold out, over the stock), if so.
        let problem: String?

        init(_ line: CartLine, shopCode: String, text: TextLookup) {
            let name = line.product.name.text(text.language)
            id = String(line.product.id)
            self.name = name
            href = ShopPaths.product(line.product.id, shop: shopCode)
            quantity = line.quantity
            isZero = !line.isCounted
            unitPrice = text("cart_unit_price", Money.format(line.product.priceFen))
            subtotal = Money.format(line.subtotalFen)
            subtotalFen = line.subtotalFen
            decreaseLabel = text("cart_decrease_label", name)
            increaseLabel = text("cart_increase_label", name)
            removeLabel = text("cart_remove_label", name)
            canIncrease = line.product.canBeAdded && line.quantity < min(line.product.stock, Cart.maximumQuantity)
            problem =
                switch line.problem {
                case .unavailable?: text("cart_problem_unavailable")
                case .soldOut?: text("cart_problem_sold_out")
                case .overStock(let left)?: text("cart_problem_over_stock", String(left))
                case nil: nil
                }
        }
    }

    let shopCode: String
    let shopName: String
    /// Where the line forms post (`…/increase`, `…/decrease`, `…/remove` appended).
    let action: String
    let lines: [Line]
    let hasLines: Bool
    let hasZeroLines: Bool
    /// Pieces in the cart.
    let count: Int
    let countText: String
    let total: String
    let totalFen: Int
    let canCheckout: Bool
    let checkoutHref: String
    let checkoutLoginHref: String

    /// `cart` of `shop` (nil: an empty cart) in the language of `text`.
    init(cart: Cart?, shop: Shop, text: TextLookup) {
        let cartLines = cart?.lines ?? []
        let count = cart?.itemCount ?? 0
        shopCode = shop.code
        shopName = shop.name.text(text.language)
        action = ShopPaths.shop(shop.code) + "/cart"
        lines = cartLines.map { Line($0, shopCode: shop.code, text: text) }
        hasLines = !cartLines.isEmpty
        hasZeroLines = cartLines.contains { !$0.isCounted }
        self.count = count
        countText = text("cart_count", String(count))
        total = Money.format(cart?.totalFen ?? 0)
        totalFen = cart?.totalFen ?? 0
        canCheckout = !(cart?.countedLines.isEmpty ?? true)
        checkoutHref = ShopOrderPaths.checkout(shop.code)
        checkoutLoginHref = "/login?next=" + PercentEncoding.encode(ShopOrderPaths.checkout(shop.code))
    }
}
