import Mustache

/// The back office's list of shops (`admin/shops`): each shop with its kind, state and product count.
struct AdminShopsPageViewModel: MustacheRenderable {
    let shops: [Shop]
    /// Products per shop id; a shop without products is missing.
    let productCounts: [Int64: Int]
    let renderer: PageRenderer
    let context: AppContext

    var mustacheValue: MustacheValue {
        .object(["shops": .list(shops.map { shop in
            .object([
                "id": .string(String(shop.id)), "code": .string(shop.code), "name": .string(shop.name.text(context.language)),
                "kind": .string(shop.kind.rawValue), "kindText": .string(renderer.text(shop.kind.messageKey, context)),
                "open": .string(shop.isOpen ? "yes" : "no"), "openText": .string(renderer.text(AdminShopPageViewModel.stateKey(shop), context)),
                "products": .string(String(productCounts[shop.id] ?? 0)),
            ])
        })])
    }
}
