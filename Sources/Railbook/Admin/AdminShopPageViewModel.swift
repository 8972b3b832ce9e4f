/// One shop in the back office (`admin/shop`): its state and products, each product with a form
/// for price, stock and availability (the one just sent keeps its typed values and messages).
struct AdminShopPageViewModel: Encodable {
    /// A product form sent with problems: the product, the typed values and the messages.
    struct EditedProduct {
        let productID: Int64
        let form: ProductAdminForm
        let errors: FormErrors
    }

    /// One product with its form.
    struct ProductRow: Encodable {
        let id: String
        let name: String
        /// The product as saved: price in fen and as shown, stock, and `yes` or `no` for available.
        let priceFen: String
        let priceText: String
        let stock: String
        let available: String
        /// The form's values: as saved, or as typed when they were refused.
        let price: String
        let stockValue: String
        let availability: [AdminOptionViewModel]
        /// The messages of the form's fields, if any.
        let priceError: String?
        let stockError: String?
        let availableError: String?
    }

    let id: String
    /// The shop's id again, for the product forms (whose own `id` is the product's).
    let shopID: String
    let code: String
    let name: String
    let kindText: String
    let isOpen: Bool
    /// `yes` or `no`.
    let open: String
    let openText: String
    let products: [ProductRow]
    let hasProducts: Bool
    /// The notice above the page, if any.
    let notice: String?
    /// True when a product form was refused.
    let hasErrors: Bool

    /// `admin_desk_shop_open` or `admin_desk_shop_closed`.
    static func stateKey(_ shop: Shop) -> String { shop.isOpen ? "admin_desk_shop_open" : "admin_desk_shop_closed" }

    /// The page of `shop` with its `products`, the product `edited` showing what was typed and its
    /// messages; `noticeKey` is the message-catalog key of the notice above the page, if any.
    init(shop: Shop, products: [Product], noticeKey: String?, edited: EditedProduct?, text: TextLookup) {
        id = String(shop.id)
        shopID = id
        code = shop.code
        name = shop.name.text(text.language)
        kindText = text(shop.kind.messageKey)
        isOpen = shop.isOpen
        open = shop.isOpen ? "yes" : "no"
        openText = text(Self.stateKey(shop))
        self.products = products.map { product in
            guard let edited, edited.productID == product.id else {
                return Self.row(product, form: ProductAdminForm(product), errors: FormErrors(), text: text)
            }
            return Self.row(product, form: edited.form, errors: edited.errors, text: text)
        }
        hasProducts = !products.isEmpty
        notice = noticeKey.map { text($0) }
        hasErrors = edited != nil
    }

    private static func row(_ product: Product, form: ProductAdminForm, errors: FormErrors, text: TextLookup) -> ProductRow {
        let isAvailable = form.available == "1"
        return ProductRow(
            id: String(product.id), name: product.name.text(text.language), priceFen: String(product.priceFen),
            priceText: Money.format(product.priceFen), stock: String(product.stock), available: product.isAvailable ? "yes" : "no",
            price: form.price, stockValue: form.stock,
            availability: [
                AdminOptionViewModel(value: "1", label: text("admin_desk_yes"), selected: isAvailable),
                AdminOptionViewModel(value: "0", label: text("admin_desk_no"), selected: !isAvailable),
            ],
            priceError: errors["price"].map { text($0) }, stockError: errors["stock"].map { text($0) },
            availableError: errors["available"].map { text($0) })
    }
}
