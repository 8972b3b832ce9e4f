/// The shop list (`/shop`): the shops grouped by kind, the one used last highlighted, each with the
/// number of pieces in the visitor's cart there and its first few products.
struct ShopListViewModel: Encodable {
    /// The shops of one kind, under the kind's heading.
    struct Group: Encodable {
        let kind: String
        let heading: String
        let intro: String
        let shops: [ShopCardViewModel]
    }

    /// The shop used last, linked above the list.
    struct Current: Encodable {
        let name: String
        let href: String
    }

    /// Each kind that has shops, in the order of `ShopKind`.
    let groups: [Group]
    let hasShops: Bool
    /// Nil when the visitor has used no shop of the list yet.
    let current: Current?

    /// Products shown on a shop's card.
    static let previewCount = 4

    /// The list of `shops`; `cartCounts` are the pieces in the visitor's carts by shop id,
    /// `currentCode` the code of the shop used last (cookie `shop`), `products` each shop's
    /// products by shop id.
    init(shops: [Shop], cartCounts: [Int64: Int], currentCode: String?, products: [Int64: [Product]], text: TextLookup) {
        groups = ShopKind.allCases.compactMap { kind in
            let members = shops.filter { $0.kind == kind }
            guard !members.isEmpty else { return nil }
            let cards = members.map { shop in
                ShopCardViewModel(
                    shop: ShopViewModel(
                        shop: shop, isCurrent: shop.code == currentCode, cartCount: cartCounts[shop.id],
                        text: text),
                    products: products[shop.id] ?? [], previewCount: Self.previewCount, text: text)
            }
            return Group(kind: kind.rawValue, heading: text(kind.messageKey), intro: text(kind.introKey), shops: cards)
        }
        hasShops = !shops.isEmpty
        current = shops.first { $0.code == currentCode }.map { Current(name: $0.name.text(text.language), href: ShopPaths.shop($0.code)) }
    }
}
