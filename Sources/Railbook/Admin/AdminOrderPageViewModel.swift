import HTTP
import Mustache

/// A ticket order as the back office sees it (`admin/order`): the traveller's order page's values
/// (`OrderShowPageViewModel`, with no notice of anything just done) and the order's file
/// (`AdminOrderFileViewModel`), with nothing to act on.
struct AdminOrderPageViewModel: MustacheRenderable {
    /// The order as its traveller's page shows it.
    let order: OrderShowPageViewModel
    let file: AdminOrderFile

    var mustacheValue: MustacheValue {
        var values = order.values
        values.merge(AdminOrderFileViewModel(renderer: order.renderer, context: order.context).values(file))
        let created = ChinaMoment(order.order.createdAt)
        values["created"] = .string(created.text)
        values["createdDatetime"] = .string(created.datetime)
        return .object(values)
    }
}
