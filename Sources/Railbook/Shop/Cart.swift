import Storage

/// A shopping cart: one per shop per owner, kept when the owner switches to another shop. An item
/// decreased to zero stays in the cart (shown struck through, left out of the total) until it is
/// removed or the cart is emptied at checkout.
struct Cart: Sendable {
    /// The most of one product a cart may hold (and the most one "add" may ask for).
    static let maximumQuantity = 99

    let id: Int64
    let shopID: Int64
    /// The items in the order they were first added, zero ones included.
    let lines: [CartLine]

    /// What the counted items cost together, in fen.
    var totalFen: Int { lines.reduce(0) { $0 + $1.subtotalFen } }
    /// How many pieces the cart holds (zero lines add nothing).
    var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }
    /// The lines that would be ordered: those with a quantity above zero.
    var countedLines: [CartLine] { lines.filter(\.isCounted) }
    /// Counted lines that cannot be ordered as they stand (see `CartLine.problem`).
    var linesWithProblems: [CartLine] { countedLines.filter { $0.problem != nil } }

    /// The owner's cart in shop `shopID` with its lines; nil when they have none there yet.
    static func find(shopID: Int64, owner: CartOwner, in db: Database) throws -> Cart? {
        let owned = owner.column
        guard
            let row = try db.queryOne(
                "SELECT id FROM carts WHERE shop_id = ? AND \(owned.name) = ?",
                [shopID, owned.value])
        else { return nil }
        let id = try row.int64("id")
        return Cart(id: id, shopID: shopID, lines: try lines(cartID: id, in: db))
    }

    /// The lines of cart `cartID` with their products (current price, stock and availability), in the
    /// order first added (lines added in the same second by product).
    static func lines(cartID: Int64, in db: Database) throws -> [CartLine] {
        try db.query(
            """
            SELECT ci.quantity, ci.added_at, \(Product.columns.prefixed("p."))
            FROM cart_items ci JOIN products p ON p.id = ci.product_id
            WHERE ci.cart_id = ? ORDER BY ci.added_at, p.id
            """, [cartID]
        ).map { row in
            CartLine(product: try Product(row: row), quantity: try row.int("quantity"), addedAt: try row.int("added_at"))
        }
    }

    /// How many pieces each of the owner's carts holds, by shop id (shops without a cart are absent).
    static func itemCounts(owner: CartOwner, in db: Database) throws -> [Int64: Int] {
        let owned = owner.column
        var counts: [Int64: Int] = [:]
        for row in try db.query(
            """
            SELECT c.shop_id, COALESCE(SUM(ci.quantity), 0) AS items
            FROM carts c LEFT JOIN cart_items ci ON ci.cart_id = c.id WHERE c.\(owned.name) = ? GROUP BY c.shop_id
            """, [owned.value])
        {
            counts[try row.int64("shop_id")] = try row.int("items")
        }
        return counts
    }

    /// Takes every item out of cart `id`, zero ones too (after its order has been placed).
    static func empty(id: Int64, now: Int, in db: Database) throws {
        try db.run("DELETE FROM cart_items WHERE cart_id = ?", [id])
        try db.run("UPDATE carts SET updated_at = ? WHERE id = ?", [now, id])
    }

    /// Deletes visitors' carts untouched since `cutoff` (their pre-session cookie ends with the browser).
    static func purgeVisitorCarts(untouchedSince cutoff: Int, in db: Database) throws {
        try db.run("DELETE FROM carts WHERE visitor_token_hash IS NOT NULL AND updated_at < ?", [cutoff])
    }
}

/// One product in a cart and how many of it.
struct CartLine: Sendable {
    /// Why a counted line cannot be ordered as it stands.
    enum Problem: Equatable, Sendable {
        /// The shop no longer offers the product.
        case unavailable
        /// None is left.
        case soldOut
        /// Fewer are left than the cart holds.
        case overStock(left: Int)
    }

    let product: Product
    /// 0 for an item decreased to nothing but not removed.
    let quantity: Int
    let addedAt: Int

    /// Whether the line counts towards the total and the order (quantity above zero).
    var isCounted: Bool { quantity > 0 }
    /// Price times quantity, in fen (0 for a zero line).
    var subtotalFen: Int { product.priceFen * quantity }

    /// What stops a counted line from being ordered now; nil when it can be (checked again at checkout).
    var problem: Problem? {
        guard isCounted else { return nil }
        if !product.isAvailable { return .unavailable }
        if product.stock == 0 { return .soldOut }
        if quantity > product.stock { return .overStock(left: product.stock) }
        return nil
    }
}
