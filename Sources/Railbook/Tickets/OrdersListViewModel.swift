/// The order list (`booking/orders`): the tabs with their counts, one row per order of the page
/// (with what it comes to, as its order page says it), paging links.
struct OrdersListViewModel: Encodable {
    /// What the page shows: `tab` open at `page` of `pageCount`.
    struct Selection {
        let tab: OrderTab
        let page: Int
        let pageCount: Int
        let counts: [OrderTab: Int]
    }

    /// A tab with its count of orders.
    struct Tab: Encodable {
        let key: String
        let label: String
        let count: Int
        let href: String
        let current: Bool
    }

    /// One order: number, status, passengers, what it comes to, the countdown to pay and its first trip.
    struct Row: Encodable {
        let number: String
        let status: String
        let statusText: String
        /// "2 位乘客".
        let passengers: String
        let passengerCount: Int
        let sum: OrderAmountViewModel
        let minutesLeft: Int?
        let countdown: String?
        /// The first trip; nil for an order without tickets.
        let train: String?
        let date: String?
        let departs: String?
        let from: String?
        let to: String?
    }

    let tab: String
    let tabs: [Tab]
    let orders: [Row]
    let hasOrders: Bool
    /// What the tab says when it has no orders.
    let empty: String
    /// "第 2/5 页" when there are several pages.
    let pageText: String?
    let previousHref: String?
    let nextHref: String?

    /// The page of `selection`, with `orders` (the page's orders and their tickets, their runs in
    /// `runs`, their payments and refunds in `money` by order id) as rows.
    init(
        _ selection: Selection, orders: [(order: Order, tickets: [Ticket])], runs: [Int64: TicketTrip], money: [Int64: OrderMoney],
        now: Int, timetable: Timetable, text: TextLookup
    ) {
        tab = selection.tab.rawValue
        tabs = OrderTab.allCases.map { tab in
            Tab(
                key: tab.rawValue, label: text(Self.labelKey(tab)), count: selection.counts[tab] ?? 0, href: Self.href(tab, page: 1),
                current: tab == selection.tab)
        }
        self.orders = orders.map {
            Self.row(
                $0.order, $0.tickets, runs: runs, money: money[$0.order.id] ?? OrderMoney(lines: []), now: now, timetable: timetable,
                text: text)
        }
        hasOrders = !orders.isEmpty
        empty = text(Self.emptyKey(selection.tab))
        pageText = selection.pageCount > 1 ? text("order_list_page", String(selection.page), String(selection.pageCount)) : nil
        previousHref = selection.page > 1 ? Self.href(selection.tab, page: selection.page - 1) : nil
        nextHref = selection.page < selection.pageCount ? Self.href(selection.tab, page: selection.page + 1) : nil
    }

    private static func labelKey(_ tab: OrderTab) -> String {
        switch tab {
        case .unpaid: "order_list_tab_unpaid"
        case .upcoming: "order_list_tab_upcoming"
        case .history: "order_list_tab_history"
        }
    }

    /// What the tab says when it has no orders.
    private static func emptyKey(_ tab: OrderTab) -> String {
        switch tab {
        case .unpaid: "order_list_empty_unpaid"
        case .upcoming: "order_list_empty_upcoming"
        case .history: "order_list_empty_history"
        }
    }

    private static func row(
        _ order: Order, _ tickets: [Ticket], runs: [Int64: TicketTrip], money: OrderMoney, now: Int,
        timetable: Timetable, text: TextLookup
    ) -> Row {
        // A changed ticket was replaced by another: it is neither a passenger nor the trip to show.
        let current = tickets.filter { $0.status != .changed }
        let shown = current.isEmpty ? tickets : current
        let minutesLeft = order.status == .unpaid && order.payDeadline > now ? ChinaMoment.minutesLeft(until: order.payDeadline, now: now) : nil
        let first = shown.min { ($0.departsAt, $0.id) < ($1.departsAt, $1.id) }
        let trip = first.map { OrderTicketViewModel($0, runs: runs, timetable: timetable, text: text) }
        return Row(
            number: order.number, status: order.status.rawValue, statusText: text(order.status.messageKey),
            passengers: text("order_list_passengers", count: shown.count), passengerCount: shown.count,
            sum: OrderAmountViewModel(order, tickets, money: money, text: text), minutesLeft: minutesLeft,
            countdown: minutesLeft.map { text("order_list_minutes_left", String($0)) },
            train: trip?.train, date: trip?.date, departs: trip?.departs, from: trip?.from, to: trip?.to)
    }

    private static func href(_ tab: OrderTab, page: Int) -> String {
        "/orders?tab=\(tab.rawValue)" + (page > 1 ? "&page=\(page)" : "")
    }
}
