/// A shop's card on the shop list: the shop as every page shows it (`ShopViewModel`, whose values
/// the card has as its own), its first few products, and the link to all of them when there are more.
struct ShopCardViewModel: Encodable {
    let shop: ShopViewModel
    /// The first products, with picture and price.
    let preview: [ProductViewModel]
    /// "All 6 products"; nil when the preview shows them all.
    let moreText: String?

    /// The card of `shop` offering `products`, the first `previewCount` of them shown.
    init(shop: ShopViewModel, products: [Product], previewCount: Int, text: TextLookup) {
        self.shop = shop
        preview = products.prefix(previewCount).map { ProductViewModel(product: $0, shopCode: shop.code, text: text) }
        moreText = products.count > previewCount ? text("shop_card_all_products", count: products.count) : nil
    }

    private enum CodingKeys: String, CodingKey {
        case preview, moreText
    }

    /// The shop's values, then `preview` and `moreText`, in one object.
    func encode(to encoder: any Encoder) throws {
        try shop.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(preview, forKey: .preview)
        try container.encodeIfPresent(moreText, forKey: .moreText)
    }
}
