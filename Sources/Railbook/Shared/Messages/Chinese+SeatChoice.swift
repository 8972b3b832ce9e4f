/// Chinese texts of picking seats and berths, standing tickets (无座) and the pay-by time.
extension Messages {
    static let chineseSeatChoice: [String: String] = [
        "seat_class_standing": "无座",
        "seat_standing": "无座",
        "book_seat_map": "选座",
        "seat_map_window": "窗",
        "seat_map_aisle": "过道",
        "book_seat_any": "不选座，系统分配",
        "book_berth": "选铺",
        "book_rules_title": "购票须知",
        "book_standing_hint": "本区间座位已售完，现售无座票：没有座位号，票价同二等座（或硬座）。",
        "booking_error_standing_seats_left": "该区间仍有座位，无座票只在座位售完后发售，请选择有座席别。",
        "order_pick_missed": "您选的%@已无空位，已为您分配 %@。",
        "pick_window": "靠窗座",
        "pick_aisle": "过道座",
        "pick_seat": "%@ 座",
        "order_pay_by": "请在此时间前支付：",
        "pay_by": "支付截止",
        "order_list_minutes_left": "剩余 %@ 分钟支付",
        "admin_train_standing_heading": "无座票",
        "admin_train_standing_label": "每趟列车可售无座票数",
        "admin_train_standing_hint": "座位售完后发售，每个区间最多这么多人站立。留空按默认：座位数的 5%（本车 %@ 张）；现为 %@ 张。",
        "admin_train_saved_standing": "无座票数量已保存。",
        "error_train_standing_quota": "请填写 0 到 %@ 之间的整数，或留空按默认。",
        "audit_action_train_standing": "修改无座票数量",
        "checkout_refusal_standing": "无座票没有座位号，无法送餐到座。",
    ]
}
