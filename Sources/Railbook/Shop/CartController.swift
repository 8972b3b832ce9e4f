import HTTP
import Storage

/// The cart actions of a shop, each a small POST form (`product`, `back`, and `quantity` for add)
/// that answers 303 back to the page it came from: `/shop/:code/cart/add`, `…/increase`,
/// `…/decrease` and `…/remove`. A refusal (unavailable, sold out, over the stock, a bad quantity)
/// returns with `?cart_error=`; an unknown shop, or a product not of this shop, is a 404.
struct CartController: Controller {
    let database: DatabasePool
    let cookie: ShopCookie

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.post("/shop/:code/cart/add") { request, context in
            try change(request, &context, notice: .added) { shop, product, owner, now, db in
                try Cart.add(try CartController.quantity(request.form["quantity"]), of: product, shop: shop, owner: owner, now: now, in: db)
            }
        }
        router.post("/shop/:code/cart/increase") { request, context in
            try change(request, &context, notice: nil) { shop, product, owner, now, db in
                try Cart.add(1, of: product, shop: shop, owner: owner, now: now, in: db)
            }
        }
        router.post("/shop/:code/cart/decrease") { request, context in
            try change(request, &context, notice: nil) { _, product, owner, now, db in
                try Cart.decrease(product, owner: owner, now: now, in: db)
            }
        }
        router.post("/shop/:code/cart/remove") { request, context in
            try change(request, &context, notice: .removed) { _, product, owner, now, db in
                try Cart.remove(product, owner: owner, now: now, in: db)
            }
        }
    }

    /// The `quantity` of an add form: missing or empty means 1, otherwise a whole number from 1 to
    /// `Cart.maximumQuantity`; anything else throws `CartError.quantity`.
    static func quantity(_ text: String?) throws -> Int {
        guard let text = text?.trimmed, !text.isEmpty else { return 1 }
        guard text.utf8.count <= 3, let quantity = Int(text), (1...Cart.maximumQuantity).contains(quantity) else {
            throw CartError.quantity
        }
        return quantity
    }

    /// Finds the shop and its product (404 otherwise), applies `body` in one transaction and
    /// returns to the page, with the refusal or the notice.
    private func change(
        _ request: Request, _ context: inout AppContext, notice: CartReturn.Notice?,
        _ body: (Shop, Product, CartOwner, Int, Database) throws -> Void
    ) throws -> Response {
        let code = try context.parameters.require("code")
        guard let productID = request.form["product"].flatMap({ Int64($0) }) else { throw HTTPError(.notFound) }
        guard let owner = CartOwner.of(request, context) else { throw HTTPError(.forbidden) }
        let back = CartReturn(back: request.form["back"], fallback: ShopPaths.shop(code))
        let now = context.now
        let response: Response
        do {
            try database.write { db in
                guard let shop = try Shop.find(code: code, in: db),
                    let product = try Product.find(id: productID, shopID: shop.id, in: db)
                else { throw HTTPError(.notFound) }
                try body(shop, product, owner, now, db)
            }
            response = back.redirect(notice: notice, productID: productID)
        } catch let refusal as CartError {
            response = back.redirect(refused: refusal, productID: productID)
        }
        cookie.remember(code, request: request, context: &context)
        return response
    }
}
