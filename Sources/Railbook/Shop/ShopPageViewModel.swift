import HTTP
import Mustache

/// A shop's own pages (`shop/shop`: its products; `shop/product`: a product's details), with what
/// they share: the shop, the "switch shop" links, the cart partial, the outcome of the last cart
/// action, and the `back` field of every cart form (this page's address).
struct ShopPageViewModel: MustacheRenderable {
    /// What the page is about.
    enum Content {
        case products([Product])
        case product(Product)
    }

    let shop: Shop
    let shops: [Shop]
    let cart: Cart?
    let messages: Messages
    let language: Language
    /// The page's own address without an earlier outcome, where the cart forms return.
    let back: String
    let query: Parameters
    let content: Content

    var mustacheValue: MustacheValue {
        switch content {
        case .products(let products): .object(shopPage(products: products))
        case .product(let product): .object(productPage(product))
        }
    }

    /// The shop page: its products and the cart.
    private func shopPage(products: [Product]) -> MustacheObject {
        var values = common(known: products)
        values["products"] = .list(products.map { ProductViewModel(product: $0, shopCode: shop.code, messages: messages,
                                                                   language: language).mustacheValue })
        values["hasProducts"] = .bool(!products.isEmpty)
        return values
    }

    /// A product's page: its details, the add form and the cart.
    private func productPage(_ product: Product) -> MustacheObject {
        var values = common(known: [product])
        values["product"] = ProductViewModel(product: product, shopCode: shop.code, messages: messages, language: language).mustacheValue
        return values
    }

    private func common(known products: [Product]) -> MustacheObject {
        var values: MustacheObject = [
            "shop": ShopViewModel(shop: shop, messages: messages, language: language, isCurrent: true).mustacheValue,
            "switchShops": .list(shops.map { ShopViewModel(shop: $0, messages: messages, language: language,
                                                           isCurrent: $0.id == shop.id).mustacheValue }),
            "cart": CartViewModel(cart: cart, shop: shop, messages: messages, language: language).mustacheValue,
            "back": .string(back),
        ]
        let outcome = CartOutcomeMessage(query: query, products: products + (cart?.lines.map(\.product) ?? []),
                                         messages: messages, language: language)
        if let error = outcome.error { values["cartError"] = .string(error) }
        if let notice = outcome.notice { values["cartNotice"] = .string(notice) }
        return values
    }
}
