import Mustache

/// The shop list (`/shop`): the shops grouped by kind, the one used last highlighted, each with the
/// number of pieces in the visitor's cart there.
struct ShopListViewModel: MustacheRenderable {
    let shops: [Shop]
    /// Pieces per shop id in the visitor's carts.
    let cartCounts: [Int64: Int]
    /// The code of the shop used last (cookie `shop`).
    let currentCode: String?
    let messages: Messages
    let language: Language
    /// Each shop's products by shop id, of which the list shows the first few with picture and price.
    var products: [Int64: [Product]] = [:]

    /// Products shown on a shop's card.
    static let previewCount = 4

    /// The values of `shop/index`: `groups` (each kind with its shops), `hasShops`, `current`.
    var mustacheValue: MustacheValue { .object(values()) }

    /// The page's values.
    func values() -> MustacheObject {
        let groups: [MustacheValue] = ShopKind.allCases.compactMap { kind in
            let members = shops.filter { $0.kind == kind }
            guard !members.isEmpty else { return nil }
            return .object([
                "kind": .string(kind.rawValue),
                "heading": .string(messages.text(kind.messageKey, language)),
                "intro": .string(messages.text(kind.introKey, language)),
                "shops": .list(members.map { shop in
                    guard case .object(var card) = ShopViewModel(shop: shop, messages: messages, language: language,
                                                                 isCurrent: shop.code == currentCode, cartCount: cartCounts[shop.id]).mustacheValue
                    else { return .null }
                    let all = products[shop.id] ?? []
                    card["preview"] = .list(all.prefix(Self.previewCount).map {
                        ProductViewModel(product: $0, shopCode: shop.code, messages: messages, language: language).mustacheValue
                    })
                    card["moreText"] = all.count > Self.previewCount
                        ? .string(messages.text("shop_card_all_products", language, count: all.count)) : .null
                    return .object(card)
                }),
            ])
        }
        var values: MustacheObject = ["groups": .list(groups), "hasShops": .bool(!shops.isEmpty)]
        if let current = shops.first(where: { $0.code == currentCode }) {
            values["current"] = .object(["name": .string(current.name.text(language)), "href": .string(ShopPaths.shop(current.code))])
        }
        return values
    }
}
