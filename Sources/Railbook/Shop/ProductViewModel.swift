/// One product as the shop's grid, a shop's card on the list and the product page show it: texts
/// in the page's language, the price, what is left, and whether the add form is offered.
struct ProductViewModel: Encodable {
    let id: String
    let name: String
    let description: String
    let href: String
    let image: String
    let imageAlt: String
    let price: String
    let priceFen: Int
    let stock: Int
    /// "12 left", "Sold out" or "Not available".
    let stockText: String
    /// `true` or `false`, as text (`data-available`).
    let available: String
    let canAdd: Bool
    let maxQuantity: Int
    /// Where the add form posts.
    let addAction: String

    /// `product` of the shop `shopCode` in the language of `text`.
    init(product: Product, shopCode: String, text: TextLookup) {
        let name = product.name.text(text.language)
        id = String(product.id)
        self.name = name
        description = product.description.text(text.language)
        href = ShopPaths.product(product.id, shop: shopCode)
        image = product.imagePath
        imageAlt = text("shop_image_alt", name)
        price = Money.format(product.priceFen)
        priceFen = product.priceFen
        stock = product.stock
        stockText =
            if !product.isAvailable {
                text("shop_unavailable")
            } else if product.stock == 0 {
                text("shop_sold_out")
            } else {
                text("shop_stock_left", String(product.stock))
            }
        available = product.canBeAdded ? "true" : "false"
        canAdd = product.canBeAdded
        maxQuantity = min(product.stock, Cart.maximumQuantity)
        addAction = ShopPaths.shop(shopCode) + "/cart/add"
    }
}
