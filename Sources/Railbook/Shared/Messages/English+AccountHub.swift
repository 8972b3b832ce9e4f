/// English texts of the account hub (My Railbook), the phone home page, standing sold out and a
/// standing quota lowered below what is sold, and the pay-by time of waitlists and shop orders.
extension Messages {
    static let englishAccountHub: [String: String] = [
        // The account hub (/me).
        "me_hub_unread": "%@ new messages",
        "me_hub_unpaid_heading": "Waiting for payment",
        "me_hub_unpaid_order": "Ticket order",
        "me_hub_unpaid_waitlist": "Waitlist prepayment",
        "me_hub_unpaid_shop_order": "Shop order",
        "me_hub_pay": "Pay now",
        "me_hub_trips_heading": "My trips",
        "me_hub_next_trip": "Next trip",
        "me_hub_more_trips": "%@ more upcoming tickets.",
        "me_hub_no_trips": "No upcoming trips.",
        "me_hub_book_link": "Book a train",
        "me_hub_all_orders": "All orders",
        "me_hub_services_heading": "Services",
        "me_hub_caption_upcoming": "upcoming",
        "me_hub_caption_open": "open",
        "me_hub_caption_orders": "orders",
        "me_hub_caption_in_progress": "open",
        "me_hub_caption_saved": "saved",
        "me_hub_caption_feedback": "Tell us what you think",
        "me_hub_caption_switch": "Accounts used in this browser",
        "me_hub_no_notices": "No messages.",
        "me_hub_details_heading": "Profile",
        // A standing quota lowered below what is sold.
        "admin_train_standing_sold": "Standing tickets sold stay valid: a run that has sold more than the quota sells no more standing until refunds bring it under. Most sold on one run on sale: %@.",
        "admin_train_saved_standing_below": "The standing quota was saved. Some runs have already sold more standing tickets than the new quota: those tickets stay valid, and those runs sell no more standing until refunds bring them under it.",
    ]
}
