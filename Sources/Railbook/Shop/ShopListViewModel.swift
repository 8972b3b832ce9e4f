import Mustache

/// The shop list (`/shop`): the shops grouped by kind, the one used last highlighted, each with the
/// number of pieces in the visitor's cart there.
struct ShopListViewModel {
    let shops: [Shop]
    /// Pieces per shop id in the visitor's carts.
    let cartCounts: [Int64: Int]
    /// The code of the shop used last (cookie `shop`).
    let currentCode: String?
    let messages: Messages
    let language: Language

    /// The values of `shop/index`: `groups` (each kind with its shops), `hasShops`, `current`.
    func values() -> [String: MustacheValue] {
        let groups: [MustacheValue] = ShopKind.allCases.compactMap { kind in
            let members = shops.filter { $0.kind == kind }
            guard !members.isEmpty else { return nil }
            return .object([
                "kind": .string(kind.rawValue),
                "heading": .string(messages.text(kind.messageKey, language)),
                "intro": .string(messages.text(kind.messageKey + "_intro", language)),
                "shops": .list(members.map { shop in
                    ShopViewModel(shop: shop, messages: messages, language: language, isCurrent: shop.code == currentCode,
                                  cartCount: cartCounts[shop.id]).mustacheValue
                }),
            ])
        }
        var values: [String: MustacheValue] = ["groups": .list(groups), "hasShops": .bool(!shops.isEmpty)]
        if let current = shops.first(where: { $0.code == currentCode }) {
            values["current"] = .object(["name": .string(current.name.text(language)), "href": .string(ShopPaths.shop(current.code))])
        }
        return values
    }
}
