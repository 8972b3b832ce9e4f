/// English texts of the compact results page and the home page's hot routes, notices and calendar.
extension Messages {
    static let englishResults: [String: String] = [
        "results_route": "%@ → %@",
        "results_date": "%@ %@",
        "results_change": "Change",
        "results_heading": "%@ trains",
        "results_heading_route": "%@ trains · %@ → %@",
        "results_column_train": "Train",
        "results_column_times": "Departs — duration — arrives",
        "results_cancelled": "Cancelled",
        "date_strip_from_price": "from %@",
    ]
}

extension Messages {
    /// English texts of the home page's notices, hot routes and calendar, and of the announcements
    /// desk of the back office.
    static let englishAnnouncements: [String: String] = [
        "home_announcements_heading": "Notices",
        "home_hot_heading": "Popular routes",
        "home_hot_tickets": "%@ days: %@ tickets",
        "home_calendar_link": "Open the full calendar",
        "announcement_admin_title": "Notices to travellers",
        "announcement_home_link": "Home page",
        "announcement_post_heading": "Post a notice",
        "announcement_post_hint": "A notice shows on the home page, in Chinese on Chinese pages and in English on English ones, until it is retired.",
        "announcement_text_zh": "Chinese text",
        "announcement_text_en": "English text",
        "announcement_post_button": "Post",
        "announcement_list_heading": "Latest notices",
        "announcement_none": "No notices yet.",
        "announcement_shown": "shown",
        "announcement_retired": "retired",
        "announcement_retire_button": "Retire",
        "announcement_notice_posted": "The notice is posted; the home page shows it now.",
        "announcement_form_problem": "The notice was not posted. Please correct the marked text.",
        "announcement_notice_retired": "The notice is retired; the home page no longer shows it.",
        "announcement_error_empty": "Please write the text.",
        "announcement_error_long": "At most %@ characters.",
        "audit_action_announcement_post": "Notice posted",
        "audit_action_announcement_retire": "Notice retired",
        "audit_subject_announcement": "notice",
        "audit_field_shown": "shown",
    ]
}

extension Messages {
    /// English texts of the shop list's product previews.
    static let englishShopPreview: [String: String] = [
        "shop_card_all_products": "See all %@ products",
    ]
}
