import Storage

extension ShopOrders {
    /// A ticket's destination changed (变更到站) to new ticket `newTicketID` on `leg`:
    /// the meals and goods ordered to its seat that the shop still supplies on the new stretch
    /// follow it (to the new seat); the others stay with the old ticket, whose change withdraws and
    /// refunds them (`Reaction.withdrawTicketDeliveries`).
    static func follow(_ ticket: Ticket, to newTicketID: Int64, leg: RunLeg, in db: Database) throws {
        guard let replacement = try Ticket.find(id: newTicketID, in: db) else { return }
        for order in try openSeatOrders(where: "ticket_id = ?", ticket.id, in: db) {
            guard let shop = try Shop.find(id: order.shopID, in: db),
                SeatDelivery.supplyTime(
                    shop, train: leg.train, serviceDate: leg.serviceDate, from: replacement.fromSequence, to: replacement.toSequence) != nil
            else { continue }
            let seated = order.seat != nil
            try db.run(
                "UPDATE shop_orders SET ticket_id = ?, coach = ?, seat = ? WHERE id = ?",
                [newTicketID, seated ? replacement.coachText : order.coach, seated ? replacement.seatCode : nil, order.id])
        }
    }
}
