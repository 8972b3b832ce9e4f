import Storage

/// Joins a visitor's carts to the account's when the visitor logs in or registers: per shop, the
/// quantities of the same product are added up, capped at the stock (and `Cart.maximumQuantity`),
/// and the visitor's carts are deleted. Runs inside the login's transaction.
enum CartMerge {
    /// Merges the carts of pre-session cookie value `visitorToken` (nil or malformed: nothing to
    /// merge) into the carts of `userID` at `now`.
    static func merge(visitorToken: String?, into userID: Int64, now: Int, in db: Database) throws {
        guard case .visitor(let tokenHash)? = CartOwner.visitor(token: visitorToken) else { return }
        let visitorCarts = try db.query("SELECT id, shop_id FROM carts WHERE visitor_token_hash = ?", [tokenHash])
        for cart in visitorCarts {
            let lines = try Cart.lines(cartID: try cart.int64("id"), in: db)
            guard !lines.isEmpty else { continue }
            let target = try Cart.findOrCreate(shopID: try cart.int64("shop_id"), owner: .user(userID), now: now, in: db)
            for line in lines {
                let held = try Cart.heldQuantity(of: line.product.id, cartID: target, in: db)
                let merged = min((held ?? 0) + line.quantity, line.product.stock, Cart.maximumQuantity)
                switch held {
                case nil:
                    try Cart.insertLine(line.product.id, quantity: merged, cartID: target, now: now, in: db)
                case .some where line.quantity > 0:
                    try Cart.updateLine(line.product.id, quantity: merged, cartID: target, now: now, in: db)
                default:
                    break // a visitor's zero line leaves the account's line as it is
                }
            }
        }
        try db.run("DELETE FROM carts WHERE visitor_token_hash = ?", [tokenHash])
    }
}
