import Mustache

/// One shop in the back office (`admin/shop`): its state and products, each product with a form
/// for price, stock and availability (the one just sent keeps its typed values and messages).
struct AdminShopPageViewModel: MustacheRenderable {
    /// A product form sent with problems: the product, the typed values and the messages.
    struct EditedProduct {
        let productID: Int64
        let form: ProductAdminForm
        let errors: FormErrors
    }

    let shop: Shop
    let products: [Product]
    /// The message-catalog key of the notice above the page, if any.
    let noticeKey: String?
    let edited: EditedProduct?
    let renderer: PageRenderer
    let context: AppContext

    /// `admin_desk_shop_open` or `admin_desk_shop_closed`.
    static func stateKey(_ shop: Shop) -> String { shop.isOpen ? "admin_desk_shop_open" : "admin_desk_shop_closed" }

    var mustacheValue: MustacheValue {
        .object([
            "id": .string(String(shop.id)), "shopID": .string(String(shop.id)), "code": .string(shop.code),
            "name": .string(shop.name.text(context.language)), "kindText": .string(renderer.text(shop.kind.messageKey, context)),
            "isOpen": .bool(shop.isOpen), "open": .string(shop.isOpen ? "yes" : "no"),
            "openText": .string(renderer.text(Self.stateKey(shop), context)),
            "products": .list(products.map { product in
                guard let edited, edited.productID == product.id else { return row(product, form: ProductAdminForm(product), errors: FormErrors()) }
                return row(product, form: edited.form, errors: edited.errors)
            }),
            "hasProducts": .bool(!products.isEmpty),
            "notice": noticeKey.map { .string(renderer.text($0, context)) } ?? .null,
            "hasErrors": .bool(edited != nil),
        ])
    }

    private func row(_ product: Product, form: ProductAdminForm, errors: FormErrors) -> MustacheValue {
        func error(_ field: String) -> MustacheValue { errors[field].map { .string(renderer.text($0, context)) } ?? .null }
        return .object([
            "id": .string(String(product.id)), "name": .string(product.name.text(context.language)),
            "priceFen": .string(String(product.priceFen)), "priceText": .string(Money.format(product.priceFen)),
            "stock": .string(String(product.stock)), "available": .string(product.isAvailable ? "yes" : "no"),
            "price": .string(form.price), "stockValue": .string(form.stock),
            "availability": .list([("1", "admin_desk_yes"), ("0", "admin_desk_no")].map { value, key in
                .object(["value": .string(value), "label": .string(renderer.text(key, context)),
                         "selected": .bool((form.available == "1") == (value == "1"))])
            }),
            "priceError": error("price"), "stockError": error("stock"), "availableError": error("available"),
        ])
    }
}
