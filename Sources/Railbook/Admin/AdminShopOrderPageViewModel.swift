import Mustache

/// A shop order as the back office sees it (`admin/shop_order`): the order as its customer's page
/// shows it (`ShopOrderViewModel`) and its file (`AdminOrderFileViewModel`), with nothing to act on.
struct AdminShopOrderPageViewModel: MustacheRenderable {
    let order: ShopOrderViewModel
    let file: AdminOrderFile
    let renderer: PageRenderer
    let context: AppContext

    var mustacheValue: MustacheValue {
        var values = AdminOrderFileViewModel(renderer: renderer, context: context).values(file)
        values["order"] = (try? MustacheEncoder().encode(order)) ?? .null
        return .object(values)
    }
}
