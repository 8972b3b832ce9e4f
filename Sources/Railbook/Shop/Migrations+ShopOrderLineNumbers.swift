import Storage

extension Migrations {
    /// Each shop-order line's place in its order (`shop_order_lines.line_number`, from 1 in the
    /// order the cart listed them), so lines read back in that order on either database. Lines
    /// written before keep their insertion order: on SQLite it is the `rowid`.
    static func addShopOrderLineNumbers(to migrator: inout Migrator) {
        migrator.register("2026-12-02-shop-order-line-numbers") { db in
            try db.executeSchema("ALTER TABLE shop_order_lines ADD COLUMN line_number INTEGER NOT NULL DEFAULT 0")
            if db.dialect == .sqlite {
                try db.run("UPDATE shop_order_lines SET line_number = rowid")
            }
        }
    }
}
