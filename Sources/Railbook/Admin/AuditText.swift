/// The audit log's stored texts made readable in the page language: the action, the kind of
/// record and `field=value` details go through the catalog (`audit_action_…`, `audit_subject_…`,
/// `audit_field_…`, `audit_value_…`, listed below); anything without a text is shown as stored.
struct AuditText {
    let messages: Messages
    let language: Language

    /// "修改商品" for `shop.product`.
    func action(_ action: String) -> String {
        lookup(Self.actionKeys[action.replacingAll(".", with: "_").replacingAll("-", with: "_")]) ?? action
    }

    /// "商品 7" for `product 7`.
    func subject(_ subject: String) -> String {
        guard let space = subject.firstIndex(of: " "), let kind = lookup(Self.subjectKeys[String(subject[..<space])]) else { return subject }
        return kind + subject[space...]
    }

    /// "价格：¥35，库存：3，在售：是" for `price=¥35 stock=3 available=yes`; other texts word by word.
    func details(_ text: String) -> String {
        let words = text.split(separator: " ").map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }
        guard words.contains(where: { $0.contains("=") }) else {
            return words.map { lookup(Self.valueKeys[$0]) ?? $0 }.joined(separator: " ")
        }
        let pairs = words.map { word -> String in
            guard let equals = word.firstIndex(of: "=") else { return word }
            let field = String(word[..<equals]), value = String(word[word.index(after: equals)...])
            return (lookup(Self.fieldKeys[field]) ?? field) + messages.text("audit_field_separator", language)
                + (lookup(Self.valueKeys[value]) ?? value)
        }
        return pairs.joined(separator: messages.text("audit_list_separator", language))
    }

    private func lookup(_ key: String?) -> String? {
        key.map { messages.text($0, language) }
    }

    /// The actions, as stored with `.` and `-` written `_` (`shop.product` → `shop_product`).
    private static let actionKeys: [String: String] = [
        "station_create": "audit_action_station_create", "station_update": "audit_action_station_update",
        "train_create": "audit_action_train_create", "train_stops": "audit_action_train_stops",
        "train_coaches": "audit_action_train_coaches", "train_fare": "audit_action_train_fare",
        "train_standing": "audit_action_train_standing", "run_cancel": "audit_action_run_cancel",
        "run_delay": "audit_action_run_delay", "run_running": "audit_action_run_running",
        "running_sender_add": "audit_action_running_sender_add", "running_sender_revoke": "audit_action_running_sender_revoke",
        "user_lock": "audit_action_user_lock", "user_unlock": "audit_action_user_unlock",
        "user_grant_admin": "audit_action_user_grant_admin", "user_revoke_admin": "audit_action_user_revoke_admin",
        "shop_open": "audit_action_shop_open", "shop_close": "audit_action_shop_close",
        "shop_product": "audit_action_shop_product", "feedback_handled": "audit_action_feedback_handled",
        "complaint_reply": "audit_action_complaint_reply", "complaint_status": "audit_action_complaint_status",
        "shop_order_accept": "audit_action_shop_order_accept", "shop_order_reject": "audit_action_shop_order_reject",
        "shop_order_deliver": "audit_action_shop_order_deliver", "announcement_post": "audit_action_announcement_post",
        "announcement_retire": "audit_action_announcement_retire", "export_tickets": "audit_action_export_tickets",
        "export_refunds": "audit_action_export_refunds", "export_changes": "audit_action_export_changes",
        "export_shop_orders": "audit_action_export_shop_orders", "export_complaints": "audit_action_export_complaints",
    ]

    /// The kinds of record, the first word of a subject (`product 7`).
    private static let subjectKeys: [String: String] = [
        "station": "audit_subject_station", "train": "audit_subject_train", "run": "audit_subject_run",
        "user": "audit_subject_user", "running_sender": "audit_subject_running_sender", "shop": "audit_subject_shop",
        "product": "audit_subject_product",
        "feedback": "audit_subject_feedback", "complaint": "audit_subject_complaint", "shop_order": "audit_subject_shop_order",
        "announcement": "audit_subject_announcement", "export": "audit_subject_export",
    ]

    /// The fields of `field=value` details.
    private static let fieldKeys: [String: String] = [
        "price": "audit_field_price", "stock": "audit_field_stock", "available": "audit_field_available",
        "open": "audit_field_open", "status": "audit_field_status", "authority": "audit_field_authority",
        "locked": "audit_field_locked", "shown": "audit_field_shown", "kind": "audit_field_kind",
    ]

    /// The values of details, and the words of details without fields.
    private static let valueKeys: [String: String] = [
        "yes": "audit_value_yes", "no": "audit_value_no", "user": "audit_value_user", "admin": "audit_value_admin",
        "new": "audit_value_new", "handled": "audit_value_handled", "submitted": "audit_value_submitted",
        "in_progress": "audit_value_in_progress", "resolved": "audit_value_resolved", "paid": "audit_value_paid",
        "accepted": "audit_value_accepted", "refunded": "audit_value_refunded", "delivered": "audit_value_delivered",
        "scheduled": "audit_value_scheduled", "cancelled": "audit_value_cancelled", "hot": "audit_value_hot",
        "min": "audit_value_min", "tickets": "export_kind_tickets", "refunds": "export_kind_refunds",
        "changes": "export_kind_changes", "shop_orders": "export_kind_shop_orders", "complaints": "export_kind_complaints",
    ]
}
