import Mustache

/// The order list (`booking/orders`): the tabs with their counts, one row per order of the page
/// (with what it comes to, as its order page says it), paging links.
struct OrdersListViewModel: MustacheRenderable {
    let renderer: PageRenderer
    let context: AppContext
    let timetable: Timetable
    let runs: [Int64: TicketTrip]
    let selection: Selection
    /// The page's orders and their tickets.
    let orders: [(order: Order, tickets: [Ticket])]
    /// The payments and refunds of each order of the page, by order id.
    let money: [Int64: OrderMoney]

    var mustacheValue: MustacheValue { .object(values(selection, orders)) }

    /// What the page shows: `tab` open at `page` of `pageCount`.
    struct Selection {
        let tab: OrderTab
        let page: Int
        let pageCount: Int
        let counts: [OrderTab: Int]
    }

    /// The page's values for `selection`, with `orders` (the page's orders and their tickets) as rows.
    private func values(_ selection: Selection, _ orders: [(order: Order, tickets: [Ticket])]) -> MustacheObject {
        var values: MustacheObject = [
            "tab": .string(selection.tab.rawValue),
            "tabs": .list(OrderTab.allCases.map { tab(for: $0, selection) }),
            "orders": .list(orders.map { row($0.order, $0.tickets) }),
            "hasOrders": .bool(!orders.isEmpty),
            "empty": .string(text(Self.emptyKey(selection.tab))),
        ]
        if selection.pageCount > 1 {
            values["pageText"] = .string(renderer.messages.text("order_list_page", context.language,
                                                                arguments: [String(selection.page), String(selection.pageCount)]))
        }
        if selection.page > 1 { values["previousHref"] = .string(href(selection.tab, page: selection.page - 1)) }
        if selection.page < selection.pageCount { values["nextHref"] = .string(href(selection.tab, page: selection.page + 1)) }
        return values
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

    private func tab(for tab: OrderTab, _ selection: Selection) -> MustacheValue {
        .object([
            "key": .string(tab.rawValue),
            "label": .string(text(Self.labelKey(tab))),
            "count": .int(selection.counts[tab] ?? 0),
            "href": .string(href(tab, page: 1)),
            "current": .bool(tab == selection.tab),
        ])
    }

    private func row(_ order: Order, _ tickets: [Ticket]) -> MustacheValue {
        // A changed ticket was replaced by another: it is neither a passenger nor the trip to show.
        let current = tickets.filter { $0.status != .changed }
        let shown = current.isEmpty ? tickets : current
        var values: MustacheObject = [
            "number": .string(order.number),
            "status": .string(order.status.rawValue),
            "statusText": .string(text(order.status.messageKey)),
            "passengers": .string(renderer.messages.text("order_list_passengers", context.language, count: shown.count)),
            "passengerCount": .int(shown.count),
        ]
        values.merge(OrderAmountViewModel(renderer: renderer, context: context)
            .values(order, tickets, money: money[order.id] ?? OrderMoney(lines: [])))
        if order.status == .unpaid, order.payDeadline > context.now {
            let minutes = ChinaMoment.minutesLeft(until: order.payDeadline, now: context.now)
            values["minutesLeft"] = .int(minutes)
            values["countdown"] = .string(renderer.messages.text("order_list_minutes_left", context.language, String(minutes)))
        }
        if let first = shown.min(by: { ($0.departsAt, $0.id) < ($1.departsAt, $1.id) }) {
            let train = runs[first.runID].flatMap { timetable.train(id: $0.trainID) }
            let stops = train?.stops ?? []
            let origin = stops.indices.contains(first.fromSequence) ? timetable.station(stops[first.fromSequence].stationID) : nil
            let destination = stops.indices.contains(first.toSequence) ? timetable.station(stops[first.toSequence].stationID) : nil
            values["train"] = .string(train?.number ?? "")
            values["date"] = .string(ChinaTime.date(at: first.departsAt).description)
            values["departs"] = .string(ClockTime.format((first.departsAt + ChinaTime.offsetSeconds) / 60))
            values["from"] = .string(origin?.name(in: context.language) ?? "")
            values["to"] = .string(destination?.name(in: context.language) ?? "")
        }
        return .object(values)
    }

    private func href(_ tab: OrderTab, page: Int) -> String {
        "/orders?tab=\(tab.rawValue)" + (page > 1 ? "&page=\(page)" : "")
    }

    private func text(_ key: String) -> String { renderer.messages.text(key, context.language) }
}
