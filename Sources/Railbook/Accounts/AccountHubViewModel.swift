import Mustache

/// The account hub's values on the My page: the unpaid things with their pay-by time, the next
/// trips (train, date, stations, seat) and one tile per thing the user keeps, with its count.
struct AccountHubViewModel {
    let hub: AccountHub
    let timetable: Timetable
    /// The runs of the next trips, by run id.
    let runs: [Int64: TicketTrip]
    let messages: Messages
    let language: Language

    var values: MustacheObject {
        let trips = hub.nextTrips.enumerated().map { index, ticket in trip(ticket, isNext: index == 0) }
        let more = hub.upcomingTripCount - hub.nextTrips.count
        return [
            "hasUnpaid": .bool(!hub.unpaid.isEmpty),
            "unpaid": .list(hub.unpaid.map(unpaid)),
            "hasTrips": .bool(!trips.isEmpty),
            "trips": .list(trips),
            "moreTrips": more > 0 ? .string(messages.text("me_hub_more_trips", language, count: more)) : .null,
            "tiles": .list(tiles),
        ]
    }

    private func unpaid(_ item: AccountHub.Unpaid) -> MustacheValue {
        let payBy = ChinaMoment(item.payBy)
        return .object([
            "kind": .string(item.kind.rawValue), "kindText": .string(text(Self.kindKey(item.kind))),
            "number": .string(item.number), "href": .string(item.href), "amount": .string(Money.format(item.amountFen)),
            "payBy": .string(payBy.text), "payByDatetime": .string(payBy.datetime),
        ])
    }

    /// One upcoming ticket: train, day and times, stations, class and seat, passenger.
    private func trip(_ ticket: Ticket, isNext: Bool) -> MustacheValue {
        let train = runs[ticket.runID].flatMap { timetable.train(id: $0.trainID) }
        func station(_ sequence: Int) -> String {
            guard let train, train.stops.indices.contains(sequence) else { return "" }
            return timetable.station(train.stops[sequence].stationID)?.name(in: language) ?? ""
        }
        let date = ChinaTime.date(at: ticket.departsAt)
        return .object([
            "id": .string(String(ticket.id)), "href": .string("/tickets/\(ticket.id)"), "isNext": .bool(isNext),
            "train": .string(train?.number ?? ""),
            "date": .string(date.description), "dateText": .string(text("date_short", [String(date.month), String(date.day)])),
            "departs": .string(ClockTime.format((ticket.departsAt + ChinaTime.offsetSeconds) / 60 % 1440)),
            "arrives": .string(ClockTime.format((ticket.arrivesAt + ChinaTime.offsetSeconds) / 60 % 1440)),
            "from": .string(station(ticket.fromSequence)), "to": .string(station(ticket.toSequence)),
            "class": .string(text(ticket.seatClass.messageKey)), "classCode": .string(ticket.seatClass.rawValue),
            "seat": .string(ticket.seatText(messages, language)), "passenger": .string(ticket.passengerName),
        ])
    }

    /// The tiles: each thing the user keeps, its count and what the count means (a plural entry's
    /// form follows the count: "1 order", "2 orders").
    private var tiles: [MustacheValue] {
        func tile(_ key: String, _ href: String, _ labelKey: String, count: Int?, captionKey: String) -> MustacheValue {
            .object(["key": .string(key), "href": .string(href), "label": .string(text(labelKey)),
                     "count": count.map { .string(String($0)) } ?? .null,
                     "caption": .string(count.map { messages.text(captionKey, language, count: $0) } ?? text(captionKey))])
        }
        return [
            tile("orders", "/orders", "order_list_title", count: hub.upcomingTripCount, captionKey: "me_hub_caption_upcoming"),
            tile("waitlists", "/waitlist", "waitlist_list_title", count: hub.openWaitlistCount, captionKey: "me_hub_caption_open"),
            tile("shop-orders", "/shop/orders", "shop_orders_link", count: hub.shopOrderCount, captionKey: "me_hub_caption_orders"),
            tile("complaints", "/complaints", "complaints_title", count: hub.openComplaintCount, captionKey: "me_hub_caption_in_progress"),
            tile("passengers", "/me/passengers", "passengers_title", count: hub.passengerCount, captionKey: "me_hub_caption_saved"),
            tile("addresses", "/me/addresses", "addresses_title", count: hub.addressCount, captionKey: "me_hub_caption_saved"),
            tile("feedback", "/feedback", "feedback_title", count: nil, captionKey: "me_hub_caption_feedback"),
            tile("switch", "/account/switch", "switch_title", count: nil, captionKey: "me_hub_caption_switch"),
        ]
    }

    /// What an unpaid thing is: a ticket order, a waitlist, a shop order.
    private static func kindKey(_ kind: AccountHub.Unpaid.Kind) -> String {
        switch kind {
        case .order: "me_hub_unpaid_order"
        case .waitlist: "me_hub_unpaid_waitlist"
        case .shopOrder: "me_hub_unpaid_shop_order"
        }
    }

    private func text(_ key: String, _ arguments: [String] = []) -> String {
        messages.text(key, language, arguments: arguments)
    }
}
