/// The account hub's parts on the My page: the unpaid things with their pay-by time, the next
/// trips (train, date, stations, seat) and one tile per thing the user keeps, with its count.
enum AccountHubViewModel {
    /// Something waiting for the user's money.
    struct Unpaid: Encodable {
        /// What it is, for `data-unpaid`: `order`, `waitlist`, `shop_order`.
        let kind: String
        let kindText: String
        let number: String
        /// Its page, where it is paid or cancelled.
        let href: String
        let amount: String
        let payBy: String
        let payByDatetime: String

        init(_ item: AccountHub.Unpaid, text: TextLookup) {
            let payBy = ChinaMoment(item.payBy)
            kind = item.kind.rawValue
            kindText = text(Self.kindKey(item.kind))
            number = item.number
            href = item.href
            amount = Money.format(item.amountFen)
            self.payBy = payBy.text
            payByDatetime = payBy.datetime
        }

        /// What an unpaid thing is: a ticket order, a waitlist, a shop order.
        private static func kindKey(_ kind: AccountHub.Unpaid.Kind) -> String {
            switch kind {
            case .order: "me_hub_unpaid_order"
            case .waitlist: "me_hub_unpaid_waitlist"
            case .shopOrder: "me_hub_unpaid_shop_order"
            }
        }
    }

    /// One upcoming ticket: train, day and times, stations, class and seat, passenger.
    struct Trip: Encodable {
        let id: String
        let href: String
        /// True for the next departure.
        let isNext: Bool
        let train: String
        let date: String
        /// The day as the page words it: "5月2日".
        let dateText: String
        let departs: String
        let arrives: String
        let from: String
        let to: String
        let `class`: String
        let classCode: String
        let seat: String
        let passenger: String

        /// `ticket`, whose run's train `train` is, if known.
        init(_ ticket: Ticket, train: Train?, isNext: Bool, timetable: Timetable, text: TextLookup) {
            func station(_ sequence: Int) -> String {
                guard let train, train.stops.indices.contains(sequence) else { return "" }
                return timetable.station(train.stops[sequence].stationID)?.name(in: text.language) ?? ""
            }
            let date = ChinaTime.date(at: ticket.departsAt)
            id = String(ticket.id)
            href = "/tickets/\(ticket.id)"
            self.isNext = isNext
            self.train = train?.number ?? ""
            self.date = date.description
            dateText = text("date_short", String(date.month), String(date.day))
            departs = ClockTime.format((ticket.departsAt + ChinaTime.offsetSeconds) / 60 % 1440)
            arrives = ClockTime.format((ticket.arrivesAt + ChinaTime.offsetSeconds) / 60 % 1440)
            from = station(ticket.fromSequence)
            to = station(ticket.toSequence)
            `class` = text(ticket.seatClass.messageKey)
            classCode = ticket.seatClass.rawValue
            seat = ticket.seatText(text.messages, text.language)
            passenger = ticket.passengerName
        }
    }

    /// A thing the user keeps, with its count (as text) and what the count means (a plural entry's
    /// form follows the count: "1 order", "2 orders").
    struct Tile: Encodable {
        /// What it is, for `data-tile`.
        let key: String
        let href: String
        let label: String
        /// Nil for a tile without a count.
        let count: String?
        let caption: String
    }

    /// The tiles of `hub`.
    static func tiles(_ hub: AccountHub, text: TextLookup) -> [Tile] {
        func tile(_ key: String, _ href: String, label: String, count: Int, caption: String) -> Tile {
            Tile(key: key, href: href, label: label, count: String(count), caption: caption)
        }
        return [
            tile(
                "orders", "/orders", label: text("order_list_title"), count: hub.upcomingTripCount,
                caption: text("me_hub_caption_upcoming")),
            tile(
                "waitlists", "/waitlist", label: text("waitlist_list_title"), count: hub.openWaitlistCount,
                caption: text("me_hub_caption_open")),
            tile(
                "shop-orders", "/shop/orders", label: text("shop_orders_link"), count: hub.shopOrderCount,
                caption: text("me_hub_caption_orders", count: hub.shopOrderCount)),
            tile(
                "complaints", "/complaints", label: text("complaints_title"), count: hub.openComplaintCount,
                caption: text("me_hub_caption_in_progress")),
            tile(
                "passengers", "/me/passengers", label: text("passengers_title"), count: hub.passengerCount,
                caption: text("me_hub_caption_saved")),
            tile(
                "addresses", "/me/addresses", label: text("addresses_title"), count: hub.addressCount,
                caption: text("me_hub_caption_saved")),
            Tile(key: "feedback", href: "/feedback", label: text("feedback_title"), count: nil, caption: text("me_hub_caption_feedback")),
            Tile(key: "switch", href: "/account/switch", label: text("switch_title"), count: nil, caption: text("me_hub_caption_switch")),
        ]
    }
}
