/// English texts of the feedback pages and the footer link to them.
extension Messages {
    static let englishFeedback: [String: String] = [
        "footer_feedback": "Feedback",
        "feedback_title": "Feedback",
        "feedback_intro": "Tell us what to improve, what went wrong on the website, or what you liked. We read every message.",
        "feedback_submit": "Send feedback",
        "feedback_thanks_title": "Thank you",
        "feedback_thanks": "Thank you for your feedback. We have received it and will reply if you left a way to reach you.",
        "feedback_another": "Send more feedback",
        "label_feedback_category": "Topic",
        "label_feedback_text": "Your feedback",
        "label_feedback_contact": "Email or mobile number",
        "hint_feedback_text": "10–2000 characters.",
        "hint_feedback_contact": "So we can reply to you.",
        "feedback_category_suggestion": "Suggestion",
        "feedback_category_website_problem": "Problem with the website",
        "feedback_category_praise": "Praise",
        "feedback_category_other": "Something else",
        "error_feedback_category": "Please choose what your feedback is about.",
        "error_feedback_text": "Please write 10–2000 characters.",
        "error_feedback_contact": "Enter an email address or a mobile number (11 digits starting with 1), or leave it empty.",
        "error_feedback_too_many": "You can send at most %@ messages in %@ minutes. Please try again in %@ minutes; your text is kept below.",
    ]
}
