import HTTP
import Storage

/// The shop's pages: `/shop` lists the shops by kind (the one used last highlighted; switching is
/// just following another shop's link, each shop keeping its own cart), `/shop/:code` shows a
/// shop's products with add forms and the cart, `/shop/:code/products/:id` one product. Unknown
/// shops and products (or a product of another shop) are a 404.
struct ShopController: Controller {
    let renderer: PageRenderer
    let database: DatabasePool
    let cookie: ShopCookie

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/shop", use: index)
        router.get("/shop/:code", use: show)
        router.get("/shop/:code/products/:id", use: product)
    }

    func index(_ request: Request, _ context: inout AppContext) throws -> Response {
        let owner = CartOwner.of(request, context)
        let currentCode = ShopCookie.code(in: request)
        let (shops, counts, products) = try database.read { db in
            let shops = try Shop.all(in: db)
            return (
                shops, try owner.map { try Cart.itemCounts(owner: $0, in: db) } ?? [:],
                try Dictionary(uniqueKeysWithValues: shops.map { ($0.id, try Product.all(shopID: $0.id, in: db)) })
            )
        }
        if let current = shops.first(where: { $0.code == currentCode }) {
            context.cartSummary = CartSummary(shopCode: current.code, itemCount: counts[current.id] ?? 0)
        }
        let page = ShopListViewModel(
            shops: shops, cartCounts: counts, currentCode: currentCode, products: products,
            text: renderer.texts(context))
        return try renderer.page("shop/index", page, context: context)
    }

    func show(_ request: Request, _ context: inout AppContext) throws -> Response {
        let shop = try load(context)
        let products = try database.read { try Product.all(shopID: shop.id, in: $0) }
        let text = renderer.texts(context)
        let shared = try frame(shop, products, text, request, &context)
        return try renderer.formPage("shop/shop", ShopPageViewModel(frame: shared, products: products, text: text), context: &context)
    }

    func product(_ request: Request, _ context: inout AppContext) throws -> Response {
        let shop = try load(context)
        let id = try context.parameters.require("id", as: Int64.self)
        guard let product = try database.read({ try Product.find(id: id, shopID: shop.id, in: $0) }) else {
            throw HTTPError(.notFound)
        }
        let text = renderer.texts(context)
        let shared = try frame(shop, [product], text, request, &context)
        return try renderer.formPage("shop/product", ProductPageViewModel(frame: shared, product: product, text: text), context: &context)
    }

    private func load(_ context: AppContext) throws -> Shop {
        guard let shop = try database.read({ try Shop.find(code: try context.parameters.require("code"), in: $0) }) else {
            throw HTTPError(.notFound)
        }
        return shop
    }

    /// Reads the switch list and the visitor's cart, remembers the shop for the header's cart link;
    /// `products` are those the page shows.
    private func frame(
        _ shop: Shop, _ products: [Product], _ text: TextLookup, _ request: Request,
        _ context: inout AppContext
    ) throws -> ShopPageFrame {
        let owner = CartOwner.of(request, context)
        let (shops, cart) = try database.read { db in
            (try Shop.all(in: db), try owner.flatMap { try Cart.find(shopID: shop.id, owner: $0, in: db) })
        }
        cookie.remember(shop.code, request: request, context: &context)
        context.cartSummary = CartSummary(shopCode: shop.code, itemCount: cart?.itemCount ?? 0)
        return ShopPageFrame(
            shop: shop, shops: shops, cart: cart, back: CartReturn.withoutOutcome(request.target), query: request.query,
            products: products, text: text)
    }
}
