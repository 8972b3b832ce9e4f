/// English texts of the account hub (My Railbook), the phone home page, standing sold out and a
/// standing quota lowered below what is sold, and the pay-by time of waitlists and shop orders.
extension Messages {
    static let englishAccountHub: [String: String] = [
        // A standing quota lowered below what is sold.
        "admin_train_standing_sold": "Standing tickets sold stay valid: a run that has sold more than the quota sells no more standing until refunds bring it under. Most sold on one run on sale: %@.",
        "admin_train_saved_standing_below": "The standing quota was saved. Some runs have already sold more standing tickets than the new quota: those tickets stay valid, and those runs sell no more standing until refunds bring them under it.",
    ]
}
