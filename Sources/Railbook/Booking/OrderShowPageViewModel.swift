import HTTP
import Mustache

/// The order page as a whole (`booking/order`): the order and its tickets (`OrderPageViewModel`),
/// what it comes to (`OrderAmountViewModel`) and its money (`OrderMoneyViewModel`), the notice of what was just done to it, and its payment
/// (`OrderPaymentViewModel`).
struct OrderShowPageViewModel: MustacheRenderable {
    /// Query flags and the notice each shows; when several are set, the last one named here wins.
    static let notices = [("apart", "order_notice_apart"), ("preference", "order_notice_preference"),
                          ("cancelled", "order_notice_cancelled"), ("refunded", "order_notice_refunded"),
                          ("changed", "order_notice_changed")]

    let page: OrderPageViewModel
    let order: Order
    let tickets: [Ticket]
    let money: OrderMoney
    let payment: Payment?
    /// The page's query: its notice flags and the payment's.
    let query: Parameters
    let renderer: PageRenderer
    let context: AppContext

    var mustacheValue: MustacheValue { .object(values) }

    /// The page's values, for a page that shows the order as well (the back office's).
    var values: MustacheObject {
        var values = page.values(order, tickets)
        values.merge(OrderAmountViewModel(renderer: renderer, context: context).values(order, tickets, money: money))
        values.merge(OrderMoneyViewModel(renderer: renderer, context: context).values(money))
        for (flag, key) in Self.notices where query[flag] != nil { values["notice"] = .string(renderer.text(key, context)) }
        let paying = OrderPaymentViewModel(payment, query: query, text: renderer.texts(context))
        if let state = paying.payment { values["payment"] = .object(["status": .string(state.status), "text": .string(state.text)]) }
        if let notice = paying.notice { values["notice"] = .string(notice) }
        return values
    }
}
