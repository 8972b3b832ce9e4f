/// Simplified Chinese texts of the first-visit welcome.
extension Messages {
    static let chineseWelcome: [String: String] = [
        "welcome_title": "欢迎",
        "welcome_heading": "欢迎来到铁路行",
        "welcome_intro": "全国火车票，三步订好，车上餐食送到座位。",
        "welcome_steps_heading": "如何使用",
        "welcome_step_search_title": "查询",
        "welcome_step_search": "输入出发地、目的地和日期，查看车次、票价和余票。",
        "welcome_step_book_title": "预订",
        "welcome_step_book": "选择乘车人，系统自动分配座位，同行旅客尽量坐在一起。",
        "welcome_step_pay_title": "支付出行",
        "welcome_step_pay": "{hold_minutes} 分钟内完成支付，凭电子客票乘车。",
        "welcome_meals": "旅途中还可在车上商城点餐，餐食送到您的座位。",
        "welcome_start": "开始",
        "welcome_skip": "跳过",
    ]
}
