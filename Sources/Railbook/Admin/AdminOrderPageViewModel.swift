import HTTP
import Mustache

/// A ticket order as the back office sees it (`admin/order`): the order and its tickets
/// (`OrderPageViewModel`), what it comes to (`OrderAmountViewModel`), its money (`OrderMoneyViewModel`), the state of its payment
/// (`OrderPaymentViewModel`) and its file (`AdminOrderFileViewModel`), with nothing to act on.
struct AdminOrderPageViewModel: MustacheRenderable {
    let page: OrderPageViewModel
    let order: Order
    let tickets: [Ticket]
    let money: OrderMoney
    /// The payment that tells the order's payment state best (`Payment.latest`).
    let payment: Payment?
    let file: AdminOrderFile
    let renderer: PageRenderer
    let context: AppContext

    var mustacheValue: MustacheValue {
        var values = page.values(order, tickets)
        values.merge(OrderAmountViewModel(renderer: renderer, context: context).values(order, tickets, money: money))
        values.merge(OrderMoneyViewModel(renderer: renderer, context: context).values(money))
        values.merge(OrderPaymentViewModel(renderer: renderer, context: context).values(payment, query: Parameters()))
        values.merge(AdminOrderFileViewModel(renderer: renderer, context: context).values(file))
        let created = ChinaMoment(order.createdAt)
        values["created"] = .string(created.text)
        values["createdDatetime"] = .string(created.datetime)
        return .object(values)
    }
}
