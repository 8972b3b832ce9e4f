/// A shop order as the back office sees it (`admin/shop_order`): the order as its customer's page
/// shows it (`ShopOrderViewModel`) and its file (`AdminOrderFileViewModel`), with nothing to act on.
struct AdminShopOrderPageViewModel: Encodable {
    let order: ShopOrderViewModel
    let file: AdminOrderFileViewModel
}
