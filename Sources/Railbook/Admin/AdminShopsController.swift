import HTTP
import Storage

/// `/admin/shops`: every shop with its kind, whether it is open and its number of products; one
/// shop's page opens or closes it and changes each product's price, stock and availability.
struct AdminShopsController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool

    /// Registers the routes on the `admin` group.
    func addRoutes(to admin: AdminRoutes) {
        admin.get("/shops", use: index)
        admin.get("/shops/:id", use: show)
        admin.post("/shops/:id/open") { request, context in try setOpen(true, request, &context) }
        admin.post("/shops/:id/close") { request, context in try setOpen(false, request, &context) }
        admin.post("/shops/:id/products/:productID", use: updateProduct)
    }

    func index(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let (shops, productCounts) = try database.read { db in
            (try Shop.all(in: db), try ShopAdministration.productCounts(in: db))
        }
        let page = AdminShopsPageViewModel(shops: shops, productCounts: productCounts, text: renderer.texts(context))
        return try renderer.page("admin/shops", page, context: context)
    }

    func show(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let shop = try requestedShop(context)
        let noticeKey: String? =
            switch request.query["notice"] {
            case "product": "admin_desk_shop_notice_product"
            case "open": "admin_desk_shop_notice_open"
            case "close": "admin_desk_shop_notice_close"
            default: nil
            }
        return try page(shop, noticeKey: noticeKey, request, &context)
    }

    func setOpen(_ isOpen: Bool, _ request: Request, _ context: inout AdminContext) throws -> Response {
        let shop = try requestedShop(context)
        let adminID = context.user.id
        let changed = try database.write { try ShopAdministration.setOpen(isOpen, shopID: shop.id, by: adminID, now: context.now, in: $0) }
        guard changed else { throw HTTPError(.notFound) }
        return .redirect(to: "/admin/shops/\(shop.id)?notice=\(isOpen ? "open" : "close")")
    }

    func updateProduct(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let shop = try requestedShop(context)
        let productID = try context.parameters.require("productID", as: Int64.self)
        let adminID = context.user.id
        let form = ProductAdminForm(form: request.form)
        switch form.check() {
        case .failure(let problems):
            guard try database.read({ try Product.find(id: productID, shopID: shop.id, in: $0) }) != nil else { throw HTTPError(.notFound) }
            return try page(
                shop, noticeKey: nil, edited: .init(productID: productID, form: form, errors: problems.errors), request, &context,
                status: .unprocessableContent)
        case .success(let values):
            let changed = try database.write {
                try ShopAdministration.update(productID: productID, shopID: shop.id, to: values, by: adminID, now: context.now, in: $0)
            }
            guard changed else { throw HTTPError(.notFound) }
            return .redirect(to: "/admin/shops/\(shop.id)?notice=product")
        }
    }

    /// The shop named by the `:id` segment; 404 for anything else.
    private func requestedShop(_ context: AdminContext) throws -> Shop {
        try context.record(in: database) { id, db in try Shop.find(id: id, in: db) }
    }

    private func page(
        _ shop: Shop, noticeKey: String?, edited: AdminShopPageViewModel.EditedProduct? = nil, _ request: Request,
        _ context: inout AdminContext, status: Status = .ok
    ) throws -> Response {
        let products = try database.read { try Product.all(shopID: shop.id, in: $0) }
        let page = AdminShopPageViewModel(
            shop: shop, products: products, noticeKey: noticeKey, edited: edited,
            text: renderer.texts(context))
        return try renderer.formPage("admin/shop", page, context: &context, status: status)
    }
}
