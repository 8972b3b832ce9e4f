/// One shop as the shop list, the "switch shop" links, a shop's pages and the checkout show it:
/// name, where it delivers, and whether it is the shop used last.
struct ShopViewModel: Encodable {
    let code: String
    /// `catering`, `station` or `specialty`.
    let kind: String
    let name: String
    let description: String
    /// "On train G1 · delivered to your seat", "At 北京南 · …", "Posted to your address".
    let `where`: String
    let href: String
    /// True for the shop the visitor used last (cookie `shop`) or is looking at.
    let isCurrent: Bool
    let isOpen: Bool
    /// Pieces in the visitor's cart of this shop, as text (`data-cart-count`); nil when they have
    /// no cart there.
    let cartCount: String?
    /// "In your cart: 2"; nil when they have no cart there.
    let cartText: String?

    /// `shop` in the language of `text`; `cartCount` is the number of pieces in the visitor's cart
    /// there, nil when they have none.
    init(shop: Shop, isCurrent: Bool, cartCount: Int? = nil, text: TextLookup) {
        let language = text.language
        code = shop.code
        kind = shop.kind.rawValue
        name = shop.name.text(language)
        description = shop.description.text(language)
        `where` =
            switch shop.kind {
            case .catering: text("shop_where_catering", shop.trainNumber ?? "")
            case .station:
                text(
                    "shop_where_station",
                    language == .english && shop.stationEnglishName?.isEmpty == false
                        ? shop.stationEnglishName ?? "" : shop.stationName ?? "")
            case .specialty: text("shop_where_specialty")
            }
        href = ShopPaths.shop(shop.code)
        self.isCurrent = isCurrent
        isOpen = shop.isOpen
        self.cartCount = cartCount.map { String($0) }
        self.cartText = cartCount.map { text("shop_cart_count", String($0)) }
    }
}
