import Mustache

/// One product as the shop's grid and the product page show it: texts in the page's language,
/// the price, what is left, and whether the add form is offered.
struct ProductViewModel {
    let product: Product
    let shopCode: String
    let messages: Messages
    let language: Language

    /// The value the templates read.
    var mustacheValue: MustacheValue {
        let name = product.name.text(language)
        return .object([
            "id": .string(String(product.id)),
            "name": .string(name),
            "description": .string(product.description.text(language)),
            "href": .string(ShopPaths.product(product.id, shop: shopCode)),
            "image": .string(product.imagePath),
            "imageAlt": .string(messages.text("shop_image_alt", language, name)),
            "price": .string(Money.format(product.priceFen)),
            "priceFen": .int(product.priceFen),
            "stock": .int(product.stock),
            "stockText": .string(stockText),
            "available": .string(product.canBeAdded ? "true" : "false"),
            "canAdd": .bool(product.canBeAdded),
            "maxQuantity": .int(min(product.stock, Cart.maximumQuantity)),
            "addAction": .string(ShopPaths.shop(shopCode) + "/cart/add"),
        ])
    }

    /// "12 left", "Sold out" or "Not available".
    private var stockText: String {
        if !product.isAvailable { return messages.text("shop_unavailable", language) }
        if product.stock == 0 { return messages.text("shop_sold_out", language) }
        return messages.text("shop_stock_left", language, String(product.stock))
    }
}
