/// English texts of the administration pages.
extension Messages {
    static let englishAdmin: [String: String] = [
        "nav_admin": "Admin",
        "admin_title": "Administration",
        "admin_back": "← Administration",
        "admin_merchant_link": "Shop orders to accept and deliver",
        "admin_audit_title": "Audit log",
        "admin_audit_caption": "Every administrative change, newest first",
        "admin_audit_empty": "No changes recorded yet.",
        "admin_audit_time": "When",
        "admin_audit_who": "Who",
        "admin_audit_action": "Action",
        "admin_audit_subject": "What",
        "admin_audit_before": "Before",
        "admin_audit_after": "After",
        "admin_previous_page": "← Newer",
        "admin_next_page": "Older →",
    ]
}
