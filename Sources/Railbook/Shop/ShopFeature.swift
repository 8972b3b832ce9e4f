import Storage

/// The onboard and station shops: browsing, carts, checkout, shop orders and the merchant's queue.
enum ShopFeature: Feature {
    /// Shops, products and carts; shop orders and their lines; each line's place in its order.
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addShop(to: &migrator)
        Migrations.addShopOrders(to: &migrator)
        Migrations.addShopOrderLineNumbers(to: &migrator)
    }

    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        let cookie = ShopCookie(usesSecureCookies: services.usesSecureCookies)
        return [
            .everyone(ShopController(renderer: services.renderer, database: services.database, cookie: cookie)),
            .everyone(CartController(database: services.database, cookie: cookie)),
            .members(
                CheckoutController(renderer: services.renderer, database: services.database, railway: services.railway, deadlines: services.deadlines)
            ),
            .members(ShopOrdersController(renderer: services.renderer, database: services.database)),
            .administrators(MerchantController(renderer: services.renderer, database: services.database, railway: services.railway)),
        ]
    }

    /// Paying a shop order passes it to its merchant.
    static func registerPaymentPurposes(_ services: Services) {
        ShopOrderPayment.register(in: services.paymentPurposes, acceptSeconds: services.deadlines.acceptSeconds)
    }

    /// Closing shop orders past their payment or accept deadline (every `--job-seconds`), and
    /// removing the carts of visitors untouched for a week (hourly).
    static func jobs(_ services: Services) -> [BackgroundJobs.Job] {
        let database = services.database, clock = services.clock
        return [
            .init(name: "shop orders", interval: services.deadlines.jobSeconds) {
                try database.write { try ShopOrders.closeOverdue(now: clock.now(), in: $0) }
            },
            .init(name: "abandoned visitor carts", interval: 3600) {
                try database.write { try Cart.purgeVisitorCarts(untouchedSince: clock.now() - 7 * 86_400, in: $0) }
            },
        ]
    }
}
