import Storage

/// The header's "Cart (N)" link: the shop the visitor last used (cookie `shop`) and how many
/// pieces its cart holds.
struct CartSummary: Sendable {
    let shopCode: String
    let itemCount: Int

    /// The address the header links to: the shop's page, at its cart.
    var href: String { "/shop/\(shopCode)#cart" }

    /// The summary for the owner's cart in shop `shopCode` in one query; nil when there is no such shop.
    static func load(shopCode: String, owner: CartOwner, in db: Database) throws -> CartSummary? {
        let owned = owner.column
        let row = try db.queryOne(
            """
            SELECT s.code, COALESCE(SUM(ci.quantity), 0) AS items
            FROM shops s LEFT JOIN carts c ON c.shop_id = s.id AND c.\(owned.name) = ?
                         LEFT JOIN cart_items ci ON ci.cart_id = c.id
            WHERE s.code = ? GROUP BY s.code
            """, [owned.value, shopCode])
        return try row.map { CartSummary(shopCode: try $0.string("code"), itemCount: try $0.int("items")) }
    }
}
