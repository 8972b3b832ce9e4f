/// English texts of the notices on the My page (besides run cancellations and delays): payments,
/// waitlists, complaint answers, shop orders, displaced holds, removed passengers.
extension Messages {
    static let englishNotices: [String: String] = [
        "notice_order_displaced": "Order %@ was withdrawn: the passenger %@ booked a trip at the same time themself; its seats were released.",
        "notice_passenger_removed_by_owner": "%@ removed their document from your saved passengers.",
        "notice_paid_ticket_order": "Order %@ is paid (%@): the tickets are issued.",
        "notice_paid_shop_order": "Shop order %@ is paid (%@): waiting for the merchant to accept it.",
        "notice_paid_waitlist": "Waitlist %@ is prepaid (%@): it is in the queue.",
        "notice_paid_change": "The change's difference of order %@ (%@) is paid: the ticket is changed.",
        "notice_waitlist_fulfilled": "Waitlist %@ was served: your tickets for %@ on %@ are issued.",
        "notice_standing_upgraded": "Waitlist %@ was served: %@'s standing ticket was refunded in full (%@).",
        "notice_waitlist_refunded_deadline": "Waitlist %@ was not served by its deadline: %@ refunded.",
        "notice_waitlist_refunded_cancelled": "Waitlist %@ is cancelled: %@ refunded.",
        "notice_waitlist_refunded_run_cancelled": "Waitlist %@: the train was cancelled, %@ refunded.",
        "notice_waitlist_refunded_ticket_type": "Waitlist %@ was not served: %@ no longer qualifies for the ticket type chosen (the 4 student trips of the school year are used, for example) and the adult fare is more than the prepayment; %@ refunded in full.",
        "notice_complaint_answered": "Your complaint %@ has a new answer from the service desk.",
        "notice_shop_order_accepted": "Shop order %@ was accepted by the merchant.",
        "notice_shop_order_rejected": "Shop order %@ was not accepted by the merchant: %@ refunded.",
        "notice_shop_order_refunded_not_accepted": "Shop order %@ was not accepted within 10 minutes: %@ refunded.",
        "notice_shop_order_refunded_ticket": "Shop order %@: the ticket of its seat was refunded or changed, %@ refunded.",
        "notice_shop_order_refunded_run": "Shop order %@: the train was cancelled, %@ refunded.",
        "notice_shop_order_refunded": "Shop order %@ was refunded: %@.",
    ]
}
