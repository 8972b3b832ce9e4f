import Storage

/// What administrators do to shops: open or close one, and change a product's price, stock and
/// availability. Every change is recorded in the audit log in the same transaction.
enum ShopAdministration {
    /// The highest stock an administrator may set.
    static let maximumStock = 9999

    /// How many products each shop has, by shop id (shops without products are missing).
    static func productCounts(in db: Database) throws -> [Int64: Int] {
        var counts: [Int64: Int] = [:]
        for row in try db.query("SELECT shop_id, COUNT(*) AS count FROM products GROUP BY shop_id") {
            counts[try row.int64("shop_id")] = try row.int("count")
        }
        return counts
    }

    /// Opens (`isOpen` true) or closes shop `shopID` for administrator `adminID`; returns false when
    /// there is no such shop. Audited as `shop.open` or `shop.close`, subject `shop <code>`.
    static func setOpen(_ isOpen: Bool, shopID: Int64, by adminID: Int64, now: Int, in db: Database) throws -> Bool {
        guard let shop = try Shop.find(id: shopID, in: db) else { return false }
        try db.run("UPDATE shops SET is_open = ? WHERE id = ?", [isOpen ? 1 : 0, shop.id])
        try AuditLog.record(
            userID: adminID, action: isOpen ? "shop.open" : "shop.close", subject: "shop \(shop.code)",
            before: "open=\(shop.isOpen ? "yes" : "no")", after: "open=\(isOpen ? "yes" : "no")", now: now, in: db)
        return true
    }

    /// Sets price, stock and availability of product `productID` of shop `shopID` from checked
    /// `values`; returns false when the shop has no such product. Audited as `shop.product`.
    static func update(
        productID: Int64, shopID: Int64, to values: ProductAdminForm.Values, by adminID: Int64, now: Int,
        in db: Database
    ) throws -> Bool {
        try UncheckedArgument.require(values.priceFen > 0 && (0...maximumStock).contains(values.stock), "checked values only")
        guard let product = try Product.find(id: productID, shopID: shopID, in: db) else { return false }
        try db.run(
            "UPDATE products SET price_fen = ?, stock = ?, is_available = ? WHERE id = ?",
            [
                values.priceFen, values.stock, values.isAvailable ? 1 : 0,
                product.id,
            ])
        try AuditLog.record(
            userID: adminID, action: "shop.product", subject: "product \(product.id)",
            before: description(priceFen: product.priceFen, stock: product.stock, isAvailable: product.isAvailable),
            after: description(priceFen: values.priceFen, stock: values.stock, isAvailable: values.isAvailable),
            now: now, in: db)
        return true
    }

    /// `price=¥15 stock=10 available=yes`: the parts of a product these changes touch.
    private static func description(priceFen: Int, stock: Int, isAvailable: Bool) -> String {
        "price=\(Money.format(priceFen)) stock=\(stock) available=\(isAvailable ? "yes" : "no")"
    }
}
