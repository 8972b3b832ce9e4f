/// The user's shop orders (`shop/orders`), newest first.
struct ShopOrdersPageViewModel: Encodable {
    let orders: [ShopOrderViewModel]
    let hasOrders: Bool

    init(orders: [ShopOrderViewModel]) {
        self.orders = orders
        hasOrders = !orders.isEmpty
    }
}
