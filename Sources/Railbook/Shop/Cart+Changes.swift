import Storage

/// Why a change to a cart was refused. The raw value travels back to the page as `?cart_error=`.
enum CartError: String, Error, Sendable {
    /// The product is not offered now, or the shop is closed.
    case unavailable
    /// None of the product is left.
    case soldOut = "sold_out"
    /// The cart would hold more than is in stock.
    case stock
    /// The quantity asked for is not a whole number from 1 to `Cart.maximumQuantity`.
    case quantity
}

extension Cart {
    /// Puts `quantity` more of `product` in the owner's cart of `shop`, creating the cart when needed.
    /// Refused (nothing changes) when the shop is closed or the product unavailable or sold out, or
    /// when the cart would then hold more than the stock. Call inside a write transaction, with the
    /// product read in it.
    static func add(_ quantity: Int, of product: Product, shop: Shop, owner: CartOwner, now: Int, in db: Database) throws {
        guard (1...maximumQuantity).contains(quantity) else { throw CartError.quantity }
        guard shop.isOpen, product.isAvailable, product.shopID == shop.id else { throw CartError.unavailable }
        guard product.stock > 0 else { throw CartError.soldOut }
        let cartID = try findOrCreate(shopID: shop.id, owner: owner, now: now, in: db)
        let current = try heldQuantity(of: product.id, cartID: cartID, in: db)
        let wanted = (current ?? 0) + quantity
        guard wanted <= product.stock else { throw CartError.stock }
        guard wanted <= maximumQuantity else { throw CartError.quantity }
        if current == nil {
            try insertLine(product.id, quantity: wanted, cartID: cartID, now: now, in: db)
        } else {
            try updateLine(product.id, quantity: wanted, cartID: cartID, now: now, in: db)
        }
    }

    /// Takes one of `product` out of the owner's cart, down to zero (the line stays, struck through).
    /// Nothing happens when the cart does not hold it.
    static func decrease(_ product: Product, owner: CartOwner, now: Int, in db: Database) throws {
        guard let cartID = try findID(shopID: product.shopID, owner: owner, in: db),
            let current = try heldQuantity(of: product.id, cartID: cartID, in: db), current > 0
        else { return }
        try updateLine(product.id, quantity: current - 1, cartID: cartID, now: now, in: db)
    }

    /// Removes the line of `product` from the owner's cart, whatever its quantity.
    static func remove(_ product: Product, owner: CartOwner, now: Int, in db: Database) throws {
        guard let cartID = try findID(shopID: product.shopID, owner: owner, in: db) else { return }
        try db.run("DELETE FROM cart_items WHERE cart_id = ? AND product_id = ?", [cartID, product.id])
        try touch(cartID: cartID, now: now, in: db)
    }

    /// The id of the owner's cart in a shop, or nil.
    static func findID(shopID: Int64, owner: CartOwner, in db: Database) throws -> Int64? {
        let owned = owner.column
        return try db.queryOne("SELECT id FROM carts WHERE shop_id = ? AND \(owned.name) = ?", [shopID, owned.value])?
            .int64("id")
    }

    /// The id of the owner's cart in a shop, created empty when they have none.
    static func findOrCreate(shopID: Int64, owner: CartOwner, now: Int, in db: Database) throws -> Int64 {
        if let id = try findID(shopID: shopID, owner: owner, in: db) { return id }
        let owned = owner.column
        return try db.insert(
            "INSERT INTO carts (shop_id, \(owned.name), updated_at) VALUES (?, ?, ?) RETURNING id",
            [shopID, owned.value, now])
    }

    /// How many of a product cart `cartID` holds; nil when it has no line for it.
    static func heldQuantity(of productID: Int64, cartID: Int64, in db: Database) throws -> Int? {
        try db.queryOne(
            "SELECT quantity FROM cart_items WHERE cart_id = ? AND product_id = ?",
            [cartID, productID])?.int("quantity")
    }

    /// Adds a line for a product the cart does not hold yet.
    static func insertLine(_ productID: Int64, quantity: Int, cartID: Int64, now: Int, in db: Database) throws {
        try db.run(
            "INSERT INTO cart_items (cart_id, product_id, quantity, added_at) VALUES (?, ?, ?, ?)",
            [cartID, productID, quantity, now])
        try touch(cartID: cartID, now: now, in: db)
    }

    /// Sets the quantity of a line the cart holds (0 keeps the line).
    static func updateLine(_ productID: Int64, quantity: Int, cartID: Int64, now: Int, in db: Database) throws {
        try db.run(
            "UPDATE cart_items SET quantity = ? WHERE cart_id = ? AND product_id = ?",
            [quantity, cartID, productID])
        try touch(cartID: cartID, now: now, in: db)
    }

    private static func touch(cartID: Int64, now: Int, in db: Database) throws {
        try db.run("UPDATE carts SET updated_at = ? WHERE id = ?", [now, cartID])
    }
}
