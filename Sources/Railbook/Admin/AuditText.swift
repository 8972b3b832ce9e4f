/// The audit log's stored texts made readable in the page language: the action, the kind of
/// record and `field=value` details go through the catalog (`audit_action_…`, `audit_subject_…`,
/// `audit_field_…`, `audit_value_…`); anything without a text is shown as stored.
struct AuditText {
    let messages: Messages
    let language: Language

    /// "修改商品" for `shop.product`.
    func action(_ action: String) -> String {
        lookup("audit_action_" + action.replacingAll(".", with: "_").replacingAll("-", with: "_")) ?? action
    }

    /// "商品 7" for `product 7`.
    func subject(_ subject: String) -> String {
        guard let space = subject.firstIndex(of: " "), let kind = lookup("audit_subject_" + subject[..<space]) else { return subject }
        return kind + subject[space...]
    }

    /// "价格：¥35，库存：3，在售：是" for `price=¥35 stock=3 available=yes`; other texts word by word.
    func details(_ text: String) -> String {
        let words = text.split(separator: " ").map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }
        guard words.contains(where: { $0.contains("=") }) else {
            return words.map { lookup("audit_value_" + $0) ?? $0 }.joined(separator: " ")
        }
        let pairs = words.map { word -> String in
            guard let equals = word.firstIndex(of: "=") else { return word }
            let field = String(word[..<equals]), value = String(word[word.index(after: equals)...])
            return (lookup("audit_field_" + field) ?? field) + messages.text("audit_field_separator", language)
                + (lookup("audit_value_" + value) ?? value)
        }
        return pairs.joined(separator: messages.text("audit_list_separator", language))
    }

    private func lookup(_ key: String) -> String? {
        messages.hasText(key, language) ? messages.text(key, language) : nil
    }
}
