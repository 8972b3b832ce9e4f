/// Chinese texts of the account hub (我的), the phone home page, standing sold out and a standing
/// quota lowered below what is sold, and the pay-by time of waitlists and shop orders.
extension Messages {
    static let chineseAccountHub: [String: String] = [
        // A standing quota lowered below what is sold.
        "admin_train_standing_sold": "已售出的无座票仍然有效；某车次已售出的无座多于定额时，该车次在退票使售出数低于定额前不再发售无座。在售车次单车最多已售 %@ 张。",
        "admin_train_saved_standing_below": "无座定额已保存。已有车次售出的无座多于新定额：这些票仍然有效，这些车次在退票使售出数低于定额前不再发售无座。",
    ]
}
