/// English texts of the site, by key. Every key here must also be in `Messages.chinese`.
extension Messages {
    static let english: [String: String] = [
        "site_name": "Railbook",
        "site_tagline": "Train tickets, seats and meals on board",
        "skip_to_content": "Skip to content",
        "nav_label": "Main",
        "nav_home": "Tickets",
        "language_label": "Language",
        "footer_text": "Railbook — book trains across China, pay in time, travel well.",
        "footer_times": "All times are Beijing time (UTC+8).",

        "home_title": "Book train tickets",
        "home_heading": "Where are you travelling?",
        "home_intro": "Search trains between two stations, book seats for yourself and the people you travel with, and pay within 30 minutes.",
        "search_legend": "Trip",
        "search_from": "From",
        "search_to": "To",
        "search_date": "Date",
        "search_from_hint": "Station name, pinyin or code, e.g. Beijing South, bjn, VNP",
        "search_to_hint": "e.g. Shanghai Hongqiao, shhq, AOH",
        "search_submit": "Search trains",
        "home_steps_heading": "How it works",
        "home_step_search": "Find a train between two stations on your date.",
        "home_step_book": "Choose passengers; we assign seats together where we can.",
        "home_step_pay": "Pay before the deadline and open your e-ticket.",

        "error_title": "Something went wrong",
        "error_back_home": "Back to the home page",
        "error_400": "The request could not be understood. Please check the address or the form and try again.",
        "error_403": "You are not allowed to do that.",
        "error_404": "We could not find that page. It may have moved, or the address may be mistyped.",
        "error_405": "This page cannot be used that way.",
        "error_413": "What you sent is too large.",
        "error_429": "Too many attempts. Please wait a moment and try again.",
        "error_500": "Something went wrong on our side. Please try again in a moment.",
        "error_status": "Error %@",
    ]
}
