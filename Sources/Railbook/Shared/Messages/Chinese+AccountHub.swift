/// Chinese texts of the account hub (我的), the phone home page, standing sold out and a standing
/// quota lowered below what is sold, and the pay-by time of waitlists and shop orders.
extension Messages {
    static let chineseAccountHub: [String: String] = [
        // The account hub (/me).
        "me_hub_unread": "%@ 条新消息",
        "me_hub_unpaid_heading": "待支付",
        "me_hub_unpaid_order": "火车票订单",
        "me_hub_unpaid_waitlist": "候补预付款",
        "me_hub_unpaid_shop_order": "商城订单",
        "me_hub_pay": "去支付",
        "me_hub_trips_heading": "我的行程",
        "me_hub_next_trip": "下一程",
        "me_hub_more_trips": "另有 %@ 张待出行车票。",
        "me_hub_no_trips": "暂无待出行的车票。",
        "me_hub_book_link": "去订票",
        "me_hub_all_orders": "全部订单",
        "me_hub_services_heading": "常用服务",
        "me_hub_caption_upcoming": "待出行",
        "me_hub_caption_open": "进行中",
        "me_hub_caption_orders": "笔订单",
        "me_hub_caption_in_progress": "处理中",
        "me_hub_caption_saved": "已保存",
        "me_hub_caption_feedback": "告诉我们您的想法",
        "me_hub_caption_switch": "本浏览器用过的账号",
        "me_hub_no_notices": "暂无消息。",
        "me_hub_details_heading": "个人资料",
        // A standing quota lowered below what is sold.
        "admin_train_standing_sold": "已售出的无座票仍然有效；某车次已售出的无座多于定额时，该车次在退票使售出数低于定额前不再发售无座。在售车次单车最多已售 %@ 张。",
        "admin_train_saved_standing_below": "无座定额已保存。已有车次售出的无座多于新定额：这些票仍然有效，这些车次在退票使售出数低于定额前不再发售无座。",
    ]
}
