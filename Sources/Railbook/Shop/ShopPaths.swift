/// The addresses of the shop's pages.
enum ShopPaths {
    /// `/shop`, or a page under it.
    static func isShopPage(_ path: String) -> Bool {
        path == "/shop" || path.hasPrefix("/shop/")
    }

    /// A shop's page.
    static func shop(_ code: String) -> String { "/shop/" + code }

    /// A product's page.
    static func product(_ id: Int64, shop code: String) -> String { "/shop/\(code)/products/\(id)" }
}
