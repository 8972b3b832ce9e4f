import HTTP

/// What a shop's own pages (`shop/shop`, `shop/product`) share, through `shop/_shop_header` and
/// `shop/_cart`: the shop, the "switch shop" links, the cart, the outcome of the last cart action,
/// and the `back` field of every cart form (the page's own address). Each page's view-model takes
/// these as its own values.
struct ShopPageFrame {
    let shop: ShopViewModel
    let switchShops: [ShopViewModel]
    let cart: CartViewModel
    /// The page's own address without an earlier outcome, where the cart forms return.
    let back: String
    /// Why the last cart action was refused, if it was.
    let cartError: String?
    /// What the last cart action did, if it said so.
    let cartNotice: String?

    /// The frame of `shop`'s page at `back`, among `shops`, with the visitor's `cart` there and the
    /// outcome `query` reports; `products` are the page's, which the outcome may name.
    init(shop: Shop, shops: [Shop], cart: Cart?, back: String, query: Parameters, products: [Product], text: TextLookup) {
        self.shop = ShopViewModel(shop: shop, isCurrent: true, text: text)
        switchShops = shops.map { ShopViewModel(shop: $0, isCurrent: $0.id == shop.id, text: text) }
        self.cart = CartViewModel(cart: cart, shop: shop, text: text)
        self.back = back
        let outcome = CartOutcomeMessage(query: query, products: products + (cart?.lines.map(\.product) ?? []), text: text)
        cartError = outcome.error
        cartNotice = outcome.notice
    }
}
