import Mustache

/// The user's shop orders (`shop/orders`), newest first.
struct ShopOrdersPageViewModel: MustacheRenderable {
    let orders: [ShopOrderViewModel]

    var mustacheValue: MustacheValue {
        .object(["orders": orders.mustacheValue, "hasOrders": .bool(!orders.isEmpty)])
    }
}
