/// Simplified Chinese texts of the site, by key. Every key here must also be in `Messages.english`.
extension Messages {
    static let chinese: [String: String] = [
        "site_name": "铁路行",
        "site_tagline": "火车票、座位与车上餐饮",
        "skip_to_content": "跳到正文",
        "nav_label": "主导航",
        "nav_home": "车票",
        "language_label": "语言",
        "footer_text": "铁路行——全国火车票预订，按时支付，一路顺风。",
        "footer_times": "所有时间均为北京时间（UTC+8）。",

        "home_title": "火车票预订",
        "home_heading": "您要去哪里？",
        "home_intro": "查询两站之间的车次，为自己和同行旅客订座，并在 30 分钟内完成支付。",
        "search_legend": "行程",
        "search_from": "出发地",
        "search_to": "目的地",
        "search_date": "出发日期",
        "search_from_hint": "站名、拼音或电报码，例如 北京南、bjn、VNP",
        "search_to_hint": "例如 上海虹桥、shhq、AOH",
        "search_submit": "查询车次",
        "home_steps_heading": "如何订票",
        "home_step_search": "按日期查询两站之间的车次。",
        "home_step_book": "选择乘车人，系统尽量为同行旅客安排相邻座位。",
        "home_step_pay": "在支付期限前付款，即可查看电子客票。",

        "error_title": "出错了",
        "error_back_home": "返回首页",
        "error_400": "无法识别该请求，请检查网址或表单后重试。",
        "error_403": "您无权进行此操作。",
        "error_404": "找不到该页面，它可能已移动，或网址有误。",
        "error_405": "该页面不支持这种访问方式。",
        "error_413": "您提交的内容过大。",
        "error_429": "尝试次数过多，请稍后再试。",
        "error_500": "我们这边出了问题，请稍后再试。",
        "error_status": "错误 %@",
    ]
}
