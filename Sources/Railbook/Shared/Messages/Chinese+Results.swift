/// Simplified Chinese texts of the compact results page and the home page's hot routes, notices and calendar.
extension Messages {
    static let chineseResults: [String: String] = [
        "results_route": "%@ → %@",
        "results_date": "%@ %@",
        "results_change": "更改",
        "results_heading": "共 %@ 个车次",
        "results_heading_route": "共 %@ 个车次 · %@ → %@",
        "results_column_train": "车次",
        "results_column_times": "出发 — 历时 — 到达",
        "results_cancelled": "停运",
        "date_strip_from_price": "%@起",
    ]
}

extension Messages {
    /// Simplified Chinese texts of the home page's notices, hot routes and calendar, and of the
    /// announcements desk of the back office.
    static let chineseAnnouncements: [String: String] = [
        "home_announcements_heading": "公告",
        "home_hot_heading": "热门线路",
        "home_hot_tickets": "近 %@ 天售出 %@ 张",
        "home_calendar_link": "查看完整日历",
        "announcement_admin_title": "公告管理",
        "announcement_home_link": "首页",
        "announcement_post_heading": "发布公告",
        "announcement_post_hint": "公告发布后显示在首页，中文和英文页面各显示对应语言的内容，直到撤下为止。",
        "announcement_text_zh": "中文内容",
        "announcement_text_en": "英文内容",
        "announcement_post_button": "发布",
        "announcement_list_heading": "最近的公告",
        "announcement_none": "还没有公告。",
        "announcement_shown": "显示中",
        "announcement_retired": "已撤下",
        "announcement_retire_button": "撤下",
        "announcement_notice_posted": "公告已发布，首页现在显示它。",
        "announcement_form_problem": "公告未发布，请修改标出的内容。",
        "announcement_notice_retired": "公告已撤下，首页不再显示它。",
        "announcement_error_empty": "请填写内容。",
        "announcement_error_long": "内容最多 %@ 个字。",
        "audit_action_announcement_post": "发布公告",
        "audit_action_announcement_retire": "撤下公告",
        "audit_subject_announcement": "公告",
        "audit_field_shown": "显示",
    ]
}

extension Messages {
    /// Simplified Chinese texts of the shop list's product previews.
    static let chineseShopPreview: [String: String] = [
        "shop_card_all_products": "查看全部 %@ 件商品",
    ]
}
