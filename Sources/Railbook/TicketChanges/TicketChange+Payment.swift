import Storage

/// Changes that cost something: a dearer fare's difference and the change fee a refund does not
/// cover (`Quote.dueFen`) are paid through the payment provider (purpose `change`, subject a
/// `TicketChangeRequest`), and the change is made when the payment is confirmed, checked again
/// then; if it can no longer be made (sold out, the ticket refunded or changed meanwhile, the train
/// gone…) the payment is refused and refunded in full.
extension TicketChange {
    /// Registers the change purpose: the provider page names the ticket's order, and a confirmed
    /// payment makes the change with the timetable and presale window of that moment.
    static func registerPayments(in purposes: PaymentPurposes, railway: Railway) {
        purposes.register(
            .change,
            describe: { requestID, wording, now, db in
                guard let request = try TicketChangeRequest.find(id: requestID, in: db),
                    let row = try db.queryOne(
                        """
                        SELECT o.number, t.status, t.from_sequence, t.to_sequence, t.departs_at, t.run_id
                        FROM orders o JOIN tickets t ON t.order_id = o.id WHERE t.id = ?
                        """, [request.ticketID])
                else { return nil }
                let from = try wording.trip(
                    runID: try row.int64("run_id"), fromSequence: try row.int("from_sequence"),
                    toSequence: try row.int("to_sequence"), departsAt: try row.int("departs_at"), in: db)
                let train =
                    try db.queryOne(
                        "SELECT t.number FROM runs r JOIN trains t ON t.id = r.train_id WHERE r.id = ?",
                        [request.runID]
                    ).map { try $0.string("number") } ?? ""
                let isIssued = try row.decode(Ticket.Status.self, "status") == .issued
                return PaymentSubject(
                    number: try row.string("number"), merchant: wording.ticketOffice,
                    item: wording.text("pay_item_change", [from, train, wording.text(request.seatClass.messageKey)]),
                    isPayable: request.status == .pending && isIssued)
            },
            confirm: { payment, now, db in
                try TicketChange(
                    timetable: railway.timetable, presaleWindow: railway.presaleWindow(today: ChinaTime.date(at: now)),
                    lateRules: railway.lateRules
                ).completePaid(
                    payment, now: now, in: db)
            })
    }

    /// Checks that the dearer change can be made now (no other order of the account unpaid, the
    /// passenger free, a seat left), records the request and starts (or resumes) the payment of the
    /// difference; returns the provider page.
    func requestPayment(_ ticket: Ticket, order: Order, quote: Quote, userID: Int64, now: Int, in db: Database) throws -> String {
        try UnpaidOrder.refuseIfAny(userID: userID, now: now, in: db)
        _ = try checkNoOverlap(ticket, quote.leg, userID: userID, in: db)
        guard try freeSeat(quote, keeping: TicketChange.isNewDestination(ticket, quote) ? ticket : nil, in: db) != nil else {
            throw TicketChangeError.soldOut
        }
        let requestID = try TicketChangeRequest.open(
            ticketID: ticket.id, runID: quote.leg.runID, seatClass: quote.seatClass,
            destination: TicketChange.isNewDestination(ticket, quote) ? quote.leg.telecodes(in: timetable).to : nil,
            priceFen: quote.newPriceFen, now: now, in: db)
        let reference = try PaymentStarter.start(
            purpose: .change, subjectID: requestID, amountFen: quote.dueFen, userID: userID,
            returnTo: "/orders/\(order.number)", now: now, in: db)
        return PaymentStarter.checkoutPath(reference)
    }

    /// Makes the change `payment` paid for, inside the notification's transaction, or refuses the
    /// money (to be refunded in full) when the change cannot be made any more.
    func completePaid(_ payment: Payment, now: Int, in db: Database) throws -> PaymentOutcome {
        guard let request = try TicketChangeRequest.find(id: payment.subjectID, in: db), request.status == .pending,
            let ticket = try Ticket.find(id: request.ticketID, userID: payment.userID, in: db)
        else {
            return .refused(reason: "change not pending")
        }
        do {
            let (applied, quote) = try db.write { db -> (Applied, Quote) in
                try TripClash.lockDocuments([(ticket.certificateType, ticket.certificateNumber)], in: db)
                let fresh = try self.quote(
                    ticket, runID: request.runID, seatClass: request.seatClass, destination: request.destination, now: now, in: db)
                guard fresh.newPriceFen == request.priceFen, fresh.dueFen == payment.amountFen else { throw TicketChangeError.fareChanged }
                let applied = try apply(ticket, fresh, userID: payment.userID, now: now, in: db)
                if fresh.feeFen > 0 || fresh.changeFeeFen > 0 {
                    try db.run(
                        "UPDATE tickets SET refund_fee_fen = ?, refunded_fen = 0, change_fee_fen = ? WHERE id = ?",
                        [fresh.feeFen, fresh.changeFeeFen, ticket.id])
                }
                return (applied, fresh)
            }
            try TicketChangeRequest.close(request.id, as: .done, newTicketID: applied.ticketID, now: now, in: db)
            return .accepted(events: applied.events + events(ticket, newTicketID: applied.ticketID, quote: quote, refundedFen: 0))
        } catch is TicketChangeError {
            try TicketChangeRequest.close(request.id, as: .refused, newTicketID: nil, now: now, in: db)
            return .refused(reason: "change not possible")
        }
    }
}
