import Storage

/// The mails domain events call for, queued by the transaction that caused them (through
/// `Outbox.record`): an order booked, a ticket order paid, tickets refunded or changed (one mail
/// per order with the total back). Mails about notices are queued by `Notice.send`.
enum MailAboutEvents {
    static func queue(for events: [any DomainEvent], now: Int, in db: Database) throws {
        var refunded: [Int64: Int] = [:], changed: [Int64: Int] = [:], orderOfChange: [Int64] = [], orderOfRefund: [Int64] = []
        for event in events {
            switch event {
            case let booked as OrderBooked:
                guard let order = try Order.find(number: booked.orderNumber, in: db) else { continue }
                try Mail.queue(
                    .init(
                        .orderBooked, arguments: [order.number, Money.format(order.totalFen), String(order.payDeadline)],
                        link: "/orders/" + order.number),
                    toUser: order.userID, now: now, in: db)
            case let paid as OrderPaid:
                guard let order = try Order.find(id: paid.orderID, in: db) else { continue }
                try Mail.queue(
                    .init(.paymentReceived, arguments: [order.number, Money.format(order.totalFen)], link: "/orders/" + order.number),
                    toUser: order.userID, now: now, in: db)
            case let refund as TicketRefunded:
                if refunded[refund.orderID] == nil { orderOfRefund.append(refund.orderID) }
                refunded[refund.orderID, default: 0] += refund.refundedFen
            case let change as TicketChanged:
                if changed[change.orderID] == nil { orderOfChange.append(change.orderID) }
                changed[change.orderID, default: 0] += change.refundedFen
            default: continue
            }
        }
        for orderID in orderOfRefund {
            guard let order = try Order.find(id: orderID, in: db) else { continue }
            try Mail.queue(
                .init(.refundDone, arguments: [order.number, Money.format(refunded[orderID] ?? 0)], link: "/orders/" + order.number),
                toUser: order.userID, now: now, in: db)
        }
        for orderID in orderOfChange {
            guard let order = try Order.find(id: orderID, in: db) else { continue }
            let back = changed[orderID] ?? 0
            try Mail.queue(
                .init(.changeDone, arguments: [order.number, back > 0 ? Money.format(back) : ""], link: "/orders/" + order.number),
                toUser: order.userID, now: now, in: db)
        }
    }
}
