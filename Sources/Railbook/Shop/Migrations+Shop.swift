import Storage

extension Migrations {
    /// The onboard shop: shops (train catering, station shops, specialty shops), their products, and
    /// one cart per shop per owner (a user, or a visitor's pre-session) with its items.
    static func addShop(to migrator: inout Migrator) {
        migrator.register("2026-12-02-shop") { db in
            try db.executeSchema(
                """
                CREATE TABLE shops (
                    id INTEGER PRIMARY KEY,
                    code VARCHAR(40) NOT NULL UNIQUE,
                    kind VARCHAR(12) NOT NULL CHECK (kind IN ('catering', 'station', 'specialty')),
                    name_zh VARCHAR(60) NOT NULL,
                    name_en VARCHAR(120) NOT NULL,
                    description_zh TEXT NOT NULL DEFAULT '',
                    description_en TEXT NOT NULL DEFAULT '',
                    train_id INTEGER REFERENCES trains (id),
                    station_id INTEGER REFERENCES stations (id),
                    is_open INTEGER NOT NULL DEFAULT 1,
                    CHECK (kind <> 'catering' OR train_id IS NOT NULL),
                    CHECK (kind <> 'station' OR station_id IS NOT NULL)
                );
                CREATE TABLE products (
                    id INTEGER PRIMARY KEY,
                    shop_id INTEGER NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
                    name_zh VARCHAR(60) NOT NULL,
                    name_en VARCHAR(120) NOT NULL,
                    description_zh TEXT NOT NULL DEFAULT '',
                    description_en TEXT NOT NULL DEFAULT '',
                    price_fen INTEGER NOT NULL CHECK (price_fen > 0),
                    stock INTEGER NOT NULL CHECK (stock >= 0),
                    image_path VARCHAR(200) NOT NULL,
                    is_available INTEGER NOT NULL DEFAULT 1
                );
                CREATE INDEX products_by_shop ON products (shop_id);
                CREATE TABLE carts (
                    id INTEGER PRIMARY KEY,
                    shop_id INTEGER NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
                    user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
                    visitor_token_hash CHAR(64),
                    updated_at BIGINT NOT NULL,
                    CHECK ((user_id IS NULL AND visitor_token_hash IS NOT NULL) OR (user_id IS NOT NULL AND visitor_token_hash IS NULL)),
                    UNIQUE (shop_id, user_id),
                    UNIQUE (shop_id, visitor_token_hash)
                );
                CREATE INDEX carts_by_user ON carts (user_id);
                CREATE INDEX carts_by_visitor ON carts (visitor_token_hash);
                CREATE INDEX carts_by_age ON carts (updated_at);
                CREATE TABLE cart_items (
                    cart_id INTEGER NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
                    product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
                    quantity INTEGER NOT NULL CHECK (quantity >= 0),
                    added_at BIGINT NOT NULL,
                    PRIMARY KEY (cart_id, product_id)
                );
                """)
        }
    }
}
