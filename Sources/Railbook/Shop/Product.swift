import Storage

/// Something a shop sells: names and descriptions in both languages, a price in fen, the stock
/// left and an image of ours under `Public/`.
struct Product: RowDecodable, Sendable {
    let id: Int64
    let shopID: Int64
    let name: LocalizedText
    let description: LocalizedText
    let priceFen: Int
    /// How many are left; a cart may not hold more than this.
    let stock: Int
    /// The image's address, e.g. `/images/shop/rice-box.svg`.
    let imagePath: String
    /// False while the shop does not offer it (out of season, kitchen closed).
    let isAvailable: Bool

    /// Whether it can be put in a cart now: offered and in stock.
    var canBeAdded: Bool { isAvailable && stock > 0 }

    /// The columns `init(row:)` reads, for SELECT lists.
    static let columns = "id, shop_id, name_zh, name_en, description_zh, description_en, price_fen, stock, image_path, is_available"

    init(row: Row) throws {
        id = try row.int64("id")
        shopID = try row.int64("shop_id")
        name = LocalizedText(chinese: try row.string("name_zh"), english: try row.string("name_en"))
        description = LocalizedText(chinese: try row.string("description_zh"), english: try row.string("description_en"))
        priceFen = try row.int("price_fen")
        stock = try row.int("stock")
        imagePath = try row.string("image_path")
        isAvailable = try row.bool("is_available")
    }

    /// The products of a shop in the order they were added.
    static func all(shopID: Int64, in db: Database) throws -> [Product] {
        try db.query(Product.self, "SELECT \(columns) FROM products WHERE shop_id = ? ORDER BY id", [shopID])
    }

    /// Product `id` of shop `shopID`; nil when there is none, or it belongs to another shop.
    static func find(id: Int64, shopID: Int64, in db: Database) throws -> Product? {
        try db.queryOne(Product.self, "SELECT \(columns) FROM products WHERE id = ? AND shop_id = ?", [id, shopID])
    }

    /// Adds a product to a shop; returns its id.
    @discardableResult
    static func insert(
        shopID: Int64, name: LocalizedText, description: LocalizedText, priceFen: Int, stock: Int,
        imagePath: String, isAvailable: Bool = true, in db: Database
    ) throws -> Int64 {
        return try db.insert(
            """
            INSERT INTO products (shop_id, name_zh, name_en, description_zh, description_en, price_fen, stock, image_path, is_available)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            RETURNING id
            """,
            [
                shopID, name.chinese, name.english, description.chinese, description.english,
                priceFen, stock, imagePath, isAvailable ? 1 : 0,
            ])
    }

    /// Takes `quantity` from the stock of product `id` when that many are left (at checkout, in the
    /// order's transaction); returns false, changing nothing, when fewer are left.
    static func takeStock(id: Int64, quantity: Int, in db: Database) throws -> Bool {
        try UncheckedArgument.require(quantity > 0, "take at least one")
        return try db.run(
            "UPDATE products SET stock = stock - ? WHERE id = ? AND stock >= ?",
            [quantity, id, quantity]) == 1
    }
}
