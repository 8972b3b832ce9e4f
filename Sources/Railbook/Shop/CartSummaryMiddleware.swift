import HTTP
import Storage

/// Fills `AppContext.cartSummary` for the header on GET pages outside the shop, with one small
/// query and only when the `shop` cookie is set (the shop's own pages fill it from their cart). A
/// database that fails here fails the page as it would anywhere else (busy: 503), rather than
/// showing it without the cart link.
struct CartSummaryMiddleware: Middleware {
    let database: DatabasePool

    func respond(to request: Request, context: inout AppContext, next: Responder<AppContext>) throws -> Response {
        if request.method == .get || request.method == .head, !ShopPaths.isShopPage(request.path),
            let code = ShopCookie.code(in: request), let owner = CartOwner.of(request, context)
        {
            context.cartSummary = try database.read { try CartSummary.load(shopCode: code, owner: owner, in: $0) }
        }
        return try next(request, &context)
    }
}
