import HTTP

/// The order page (`booking/order`): the order's status and time left to pay, its tickets
/// (`OrderTicketViewModel`), what it comes to (`OrderAmountViewModel`) and its money
/// (`OrderMoneyViewModel`), the notice of what was just done to it, and its payment
/// (`OrderPaymentViewModel`).
struct OrderShowPageViewModel: Encodable {
    /// Query flags and the notice each shows; when several are set, the last one named here wins.
    static let notices = [
        ("apart", "order_notice_apart"), ("preference", "order_notice_preference"),
        ("cancelled", "order_notice_cancelled"), ("refunded", "order_notice_refunded"),
        ("changed", "order_notice_changed"),
    ]

    let number: String
    let status: String
    let statusText: String
    /// Unpaid and still within its deadline.
    let isUnpaid: Bool
    let isPaid: Bool
    /// "还剩 1 分钟支付".
    let timeLeft: String
    let deadline: String
    let deadlineDatetime: String
    let tickets: [OrderTicketViewModel]
    let sum: OrderAmountViewModel
    let money: OrderMoneyViewModel
    /// The state of the order's latest payment.
    let payment: OrderPaymentViewModel.State?
    /// What was just done to the order, or what came of its payment.
    let notice: String?
    /// For a journey with one change booked together, its trains and change.
    let connection: String?
    /// For a same-train seat change, its train and where the seats change.
    let seatChange: String?

    /// The page of `order` with its `tickets` (their runs in `runs`), `money` and latest `payment`;
    /// `query` holds the notice flags and the payment's (none on the back office's page).
    init(
        _ order: Order, tickets: [Ticket], carried: [Int64: CarriedChild] = [:], runs: [Int64: TicketTrip], money: OrderMoney, payment: Payment?,
        query: Parameters,
        now: Int, connection: OrderConnection? = nil, seatChange: OrderSeatChange? = nil, timetable: Timetable, text: TextLookup
    ) {
        let payBy = ChinaMoment(order.payDeadline)
        self.connection = connection?.text(text, timetable: timetable)
        self.seatChange = seatChange?.text(text, timetable: timetable)
        number = order.number
        status = order.status.rawValue
        statusText = text(order.status.messageKey)
        isUnpaid = order.status == .unpaid && order.payDeadline > now
        isPaid = order.status == .paid
        timeLeft = text("order_time_left", count: ChinaMoment.minutesLeft(until: order.payDeadline, now: now))
        deadline = payBy.text
        deadlineDatetime = payBy.datetime
        self.tickets = tickets.map { old in
            OrderTicketViewModel(
                old, replacement: tickets.first { $0.changedFromTicketID == old.id }, carried: carried[old.id], runs: runs,
                timetable: timetable,
                text: text)
        }
        sum = OrderAmountViewModel(order, tickets, money: money, text: text)
        self.money = OrderMoneyViewModel(money, text: text)
        let paying = OrderPaymentViewModel(payment, query: query, text: text)
        self.payment = paying.payment
        notice = paying.notice ?? Self.notices.last { query[$0.0] != nil }.map { text($0.1) }
    }
}
