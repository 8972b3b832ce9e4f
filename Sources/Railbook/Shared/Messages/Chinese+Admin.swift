/// Simplified Chinese texts of the administration pages.
extension Messages {
    static let chineseAdmin: [String: String] = [
        "nav_admin": "管理",
        "admin_title": "后台管理",
        "admin_back": "← 后台管理",
        "admin_merchant_link": "待接单和待配送的商城订单",
        "admin_audit_title": "操作日志",
        "admin_audit_caption": "所有管理操作，最新的在前",
        "admin_audit_empty": "暂无操作记录。",
        "admin_audit_time": "时间",
        "admin_audit_who": "操作人",
        "admin_audit_action": "操作",
        "admin_audit_subject": "对象",
        "admin_audit_before": "修改前",
        "admin_audit_after": "修改后",
        "admin_previous_page": "← 较新",
        "admin_next_page": "较早 →",
    ]
}
