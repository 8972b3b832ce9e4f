/// A product's page (`shop/product`): its details, the add form and the cart.
struct ProductPageViewModel: Encodable {
    let shop: ShopViewModel
    let switchShops: [ShopViewModel]
    let cart: CartViewModel
    /// The page's own address, where the cart forms return.
    let back: String
    let cartError: String?
    let cartNotice: String?
    let product: ProductViewModel

    /// The page of `product` in `frame`'s shop.
    init(frame: ShopPageFrame, product: Product, text: TextLookup) {
        shop = frame.shop
        switchShops = frame.switchShops
        cart = frame.cart
        back = frame.back
        cartError = frame.cartError
        cartNotice = frame.cartNotice
        self.product = ProductViewModel(product: product, shopCode: frame.shop.code, text: text)
    }
}
