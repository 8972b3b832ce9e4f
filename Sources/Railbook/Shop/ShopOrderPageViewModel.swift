import Mustache

/// One shop order (`shop/order`), with the notice of what was just done to it, if anything.
struct ShopOrderPageViewModel: MustacheRenderable {
    let order: ShopOrderViewModel
    let notice: String?

    var mustacheValue: MustacheValue {
        .object(["order": order.mustacheValue, "notice": notice.map(MustacheValue.string) ?? .null])
    }
}
