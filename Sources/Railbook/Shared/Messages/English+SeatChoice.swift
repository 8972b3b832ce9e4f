/// English texts of picking seats and berths, standing tickets (无座) and the pay-by time.
extension Messages {
    static let englishSeatChoice: [String: String] = [
        "seat_class_standing": "Standing",
        "seat_standing": "Standing (no seat)",
        "book_seat_map": "Pick a seat",
        "seat_map_window": "Window",
        "seat_map_aisle": "Aisle",
        "book_seat_any": "Any seat",
        "book_berth": "Berth",
        "book_rules_title": "Booking rules",
        "book_standing_hint": "The seats on this stretch are sold out; standing tickets are on sale: no seat number, at the second-class (or hard-seat) fare.",
        "booking_error_standing_seats_left": "There are still seats on this stretch; standing tickets are sold only once the seats are gone. Please choose a class with seats.",
        "order_pick_missed": "Your pick (%@) was taken; you got %@ instead.",
        "pick_window": "a window seat",
        "pick_aisle": "an aisle seat",
        "pick_seat": "seat %@",
        "order_pay_by": "Pay by",
        "pay_by": "Pay by",
        "order_list_minutes_left": "%@ min left to pay",
        "admin_train_standing_heading": "Standing tickets",
        "admin_train_standing_label": "Standing tickets per run",
        "admin_train_standing_hint": "Sold once the seats are gone; at most this many people stand on any stretch. Leave empty for the default: 5% of the seats (%@ on this train); now %@.",
        "admin_train_saved_standing": "The standing quota was saved.",
        "error_train_standing_quota": "Enter a whole number from 0 to %@, or leave it empty for the default.",
        "audit_action_train_standing": "Change standing quota",
        "checkout_refusal_standing": "A standing ticket has no seat to bring the order to.",
    ]
}
