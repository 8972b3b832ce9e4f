/// The back office's list of shops (`admin/shops`): each shop with its kind, state and product count.
struct AdminShopsPageViewModel: Encodable {
    /// One shop of the list.
    struct Row: Encodable {
        let id: String
        let code: String
        let name: String
        let kind: String
        let kindText: String
        /// `yes` or `no`.
        let open: String
        let openText: String
        /// How many products it has.
        let products: String
    }

    let shops: [Row]

    /// The list of `shops`, with the products of each shop id in `productCounts` (a shop without
    /// products is missing there).
    init(shops: [Shop], productCounts: [Int64: Int], text: TextLookup) {
        self.shops = shops.map { shop in
            Row(
                id: String(shop.id), code: shop.code, name: shop.name.text(text.language), kind: shop.kind.rawValue,
                kindText: text(shop.kind.messageKey), open: shop.isOpen ? "yes" : "no",
                openText: text(AdminShopPageViewModel.stateKey(shop)), products: String(productCounts[shop.id] ?? 0))
        }
    }
}
