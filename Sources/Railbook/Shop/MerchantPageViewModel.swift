/// The merchant's desk (`shop/merchant`): paid orders waiting for an answer, accepted ones waiting
/// for delivery (each saying from when it can be delivered, while that is still ahead), and the
/// notice or problem of the last action.
struct MerchantPageViewModel: Encodable {
    /// An accepted order, and when it can be delivered (nil when it has no such time).
    typealias Accepted = (order: ShopOrderViewModel, deliverability: ShopOrder.Deliverability?)

    let waiting: [ShopOrderViewModel]
    let hasWaiting: Bool
    let accepted: [ShopOrderViewModel]
    let hasAccepted: Bool
    let notice: String?
    let problem: String?

    /// The desk at `now`: `waiting` and `accepted` orders, the stations of the latter's
    /// deliverability named from `timetable`.
    init(
        waiting: [ShopOrderViewModel], accepted: [Accepted], notice: String?, problem: String?, now: Int, timetable: Timetable,
        text: TextLookup
    ) {
        self.waiting = waiting
        hasWaiting = !waiting.isEmpty
        self.accepted = accepted.map { entry in
            guard let deliverability = entry.deliverability, now < deliverability.from else { return entry.order }
            var order = entry.order
            order.deliverableFrom = Self.deliverableText(deliverability, timetable: timetable, text: text)
            return order
        }
        hasAccepted = !accepted.isEmpty
        self.notice = notice
        self.problem = problem
    }

    /// "列车 12月3日 08:00 从甲城出发后才能标记送达。"
    private static func deliverableText(_ deliverability: ShopOrder.Deliverability, timetable: Timetable, text: TextLookup) -> String {
        let date = ChinaTime.date(at: deliverability.from)
        let station = timetable.station(deliverability.stationID)?.name(in: text.language) ?? ""
        return text(
            "merchant_deliver_after", text("date_short", String(date.month), String(date.day)),
            WaitlistViewModel.clock(deliverability.from), station)
    }
}
