/// English texts of profile pages: editing details, changing the password, switching accounts.
extension Messages {
    static let englishProfile: [String: String] = [
        "profile_edit_intro": "Your name and identity document must match the ones you travel with. To change the document, enter your current password as well.",
        "profile_edit_submit": "Save changes",
        "profile_back_to_me": "Back to My Railbook",
        "label_current_password": "Current password",
        "hint_current_password_certificate": "Needed only when you change your identity document.",
        "error_certificate_needs_password": "Enter your current password to change your identity document.",
        "error_certificate_saved_passenger": "This document belongs to one of your saved passengers. Delete that passenger first.",

        "password_change_intro": "You stay logged in here; every other browser logged in to your account is logged out.",
        "label_new_password": "New password",
        "label_new_password_confirmation": "New password again",
        "error_password_unchanged": "Choose a new password that differs from the current one.",
        "error_current_password_required": "Please enter your current password.",
        "error_current_password_wrong": "The current password is not correct.",
        "error_current_password_throttled": "Too many wrong passwords. Please wait a few minutes and try again.",
        "error_password_checks_busy": "Many passwords are being checked right now. Please try again in a few seconds.",

        "switch_intro": "Choose an account used recently in this browser: you are logged out and the login page opens with it filled in.",
        "switch_recent_heading": "Used recently here",
        "switch_current": "(logged in now)",
        "switch_none": "No account has been used in this browser yet.",
        "switch_other": "Use another account",
    ]
}
