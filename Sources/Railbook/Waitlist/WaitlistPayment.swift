import Storage

/// The waitlist's payment purpose: the provider page names the waitlist by its number, and a
/// confirmed prepayment queues it (`Waitlist.markPaid`) or is refused and refunded.
enum WaitlistPayment {
    /// Registers the waitlist purpose.
    static func register(in purposes: PaymentPurposes, holdSeconds: Int) {
        purposes.register(
            .waitlist,
            describe: { waitlistID, wording, now, db in
                guard let waitlist = try Waitlist.find(id: waitlistID, in: db) else { return nil }
                let trip = try wording.trip(
                    runID: waitlist.runID, fromSequence: waitlist.fromSequence, toSequence: waitlist.toSequence,
                    departsAt: waitlist.departsAt, in: db)
                return PaymentSubject(
                    number: waitlist.number, merchant: wording.ticketOffice,
                    item: wording.text("pay_item_waitlist", [trip, wording.text(waitlist.seatClass.messageKey)]),
                    isPayable: waitlist.status == .awaitingPayment && now < waitlist.deadline,
                    payBy: waitlist.payBy(holdSeconds: holdSeconds))
            },
            confirm: { payment, now, db in try Waitlist.markPaid(id: payment.subjectID, paymentID: payment.id, now: now, in: db) })
    }

    /// Starts (or resumes) the prepayment of `waitlist`; returns the provider page to send the payer to.
    /// Call it inside the write transaction that found the waitlist awaiting payment.
    static func start(_ waitlist: Waitlist, now: Int, in db: Database) throws -> String {
        let reference = try PaymentStarter.start(
            purpose: .waitlist, subjectID: waitlist.id, amountFen: waitlist.amountFen,
            userID: waitlist.userID, returnTo: "/waitlist/" + waitlist.number, now: now, in: db)
        return PaymentStarter.checkoutPath(reference)
    }
}
