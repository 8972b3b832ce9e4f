/// One shop order (`shop/order`), with the notice of what was just done to it, if anything.
struct ShopOrderPageViewModel: Encodable {
    let order: ShopOrderViewModel
    let notice: String?
}
