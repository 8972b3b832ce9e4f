/// A shop's page (`shop/shop`): its products with add forms, and the cart.
struct ShopPageViewModel: Encodable {
    let shop: ShopViewModel
    let switchShops: [ShopViewModel]
    let cart: CartViewModel
    /// The page's own address, where the cart forms return.
    let back: String
    let cartError: String?
    let cartNotice: String?
    let products: [ProductViewModel]
    let hasProducts: Bool

    /// The page of `frame`'s shop offering `products`.
    init(frame: ShopPageFrame, products: [Product], text: TextLookup) {
        shop = frame.shop
        switchShops = frame.switchShops
        cart = frame.cart
        back = frame.back
        cartError = frame.cartError
        cartNotice = frame.cartNotice
        self.products = products.map { ProductViewModel(product: $0, shopCode: frame.shop.code, text: text) }
        hasProducts = !products.isEmpty
    }
}
