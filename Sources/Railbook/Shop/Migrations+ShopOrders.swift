import Storage

extension Migrations {
    /// Shop orders: what a user bought from one shop, delivered to a seat of one of their tickets
    /// or to an address, with its life from pending payment to completed (or cancelled, refunded),
    /// and its lines as sold (name and price kept as they were).
    static func addShopOrders(to migrator: inout Migrator) {
        migrator.register("2026-12-04-shop-orders") { db in
            try db.executeSchema(
                """
                CREATE TABLE shop_orders (
                    id INTEGER PRIMARY KEY,
                    number VARCHAR(20) NOT NULL UNIQUE,
                    user_id INTEGER NOT NULL REFERENCES users (id),
                    shop_id INTEGER NOT NULL REFERENCES shops (id),
                    status VARCHAR(20) NOT NULL CHECK (status IN ('pending_payment', 'paid', 'accepted', 'delivered',
                                                                   'completed', 'cancelled', 'refunded')),
                    total_fen INTEGER NOT NULL CHECK (total_fen > 0),
                    delivery_kind VARCHAR(10) NOT NULL CHECK (delivery_kind IN ('seat', 'address')),
                    ticket_id INTEGER REFERENCES tickets (id),
                    run_id INTEGER REFERENCES runs (id),
                    coach VARCHAR(10),
                    seat VARCHAR(20),
                    address TEXT,
                    created_at BIGINT NOT NULL,
                    pay_deadline BIGINT NOT NULL,
                    paid_at BIGINT,
                    accept_deadline BIGINT,
                    accepted_at BIGINT,
                    delivered_at BIGINT,
                    completed_at BIGINT,
                    closed_at BIGINT,
                    CHECK (delivery_kind <> 'seat' OR ticket_id IS NOT NULL),
                    CHECK (delivery_kind <> 'address' OR address IS NOT NULL)
                );
                CREATE INDEX shop_orders_by_user ON shop_orders (user_id, created_at);
                CREATE INDEX shop_orders_by_status ON shop_orders (status);
                CREATE INDEX shop_orders_by_ticket ON shop_orders (ticket_id);
                CREATE INDEX shop_orders_by_run ON shop_orders (run_id);
                CREATE TABLE shop_order_lines (
                    order_id INTEGER NOT NULL REFERENCES shop_orders (id) ON DELETE CASCADE,
                    product_id INTEGER NOT NULL REFERENCES products (id),
                    name_zh VARCHAR(60) NOT NULL,
                    name_en VARCHAR(120) NOT NULL,
                    price_fen INTEGER NOT NULL CHECK (price_fen > 0),
                    quantity INTEGER NOT NULL CHECK (quantity > 0),
                    PRIMARY KEY (order_id, product_id)
                );
                """)
        }
    }
}
