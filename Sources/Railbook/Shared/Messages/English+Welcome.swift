/// English texts of the first-visit welcome.
extension Messages {
    static let englishWelcome: [String: String] = [
        "welcome_title": "Welcome",
        "welcome_heading": "Welcome to Railbook",
        "welcome_intro": "Train tickets across China, booked in three steps, with meals brought to your seat.",
        "welcome_steps_heading": "How it works",
        "welcome_step_search_title": "Search",
        "welcome_step_search": "Enter where from, where to and the date to see trains, fares and seats left.",
        "welcome_step_book_title": "Book",
        "welcome_step_book": "Choose who travels; seats are assigned for you, together where possible.",
        "welcome_step_pay_title": "Pay and travel",
        "welcome_step_pay": "Pay within {hold_minutes} minutes and board with your e-ticket.",
        "welcome_meals": "On board, order meals from the shop and have them brought to your seat.",
        "welcome_start": "Start",
        "welcome_skip": "Skip",
    ]
}
