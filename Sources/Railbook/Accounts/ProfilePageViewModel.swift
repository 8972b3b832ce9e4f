import Mustache

/// The user's own page (`accounts/me`), an account hub: a header card with their name and unread
/// notices, the hub (unpaid things, next trips, tiles), their latest notices, their details
/// (documents masked) and the accounts whose passengers hold their document.
struct ProfilePageViewModel: MustacheRenderable {
    let user: User
    let notices: [Notice]
    let holders: [DocumentHolder]
    let hub: AccountHubViewModel
    /// Which notice the page opens with: the details were saved, or a holder was removed.
    let showsSaved: Bool
    let showsHolderRemoved: Bool
    let messages: Messages
    let language: Language

    var mustacheValue: MustacheValue {
        let unread = notices.filter { $0.readAt == nil }.count
        return .object(hub.values.merging([
            "name": .string(user.name), "initial": .string(user.name.first.map(String.init) ?? ""), "account": .string(user.account),
            "unreadText": unread > 0 ? .string(messages.text("me_hub_unread", language, count: unread)) : .null,
            "details": .list(details),
            "hasNotices": .bool(!notices.isEmpty),
            "notices": .list(notices.map { notice in
                .object(["id": .string(String(notice.id)), "key": .string(notice.textKey), "isUnread": .bool(notice.readAt == nil),
                         "text": .string(text(of: notice)),
                         "link": notice.link.map(MustacheValue.string) ?? .null])
            }),
            "hasHolders": .bool(!holders.isEmpty),
            "holders": .list(holders.map { holder in
                .object(["id": .string(String(holder.passengerID)), "account": .string(Masking.account(holder.account)),
                         "since": .string(ChinaTime.date(at: holder.since).description)])
            }),
            "holderRemoved": .bool(showsHolderRemoved),
            "isAdmin": .bool(user.isAdmin),
            "saved": .bool(showsSaved),
        ]))
    }

    /// A notice's text; a plural entry's form follows the notice's count, its last argument.
    private func text(of notice: Notice) -> String {
        guard messages.isPlural(notice.textKey), let count = notice.arguments.last.flatMap({ Int($0) }) else {
            return messages.text(notice.textKey, language, arguments: notice.arguments)
        }
        return messages.text(notice.textKey, language, count: count, arguments: notice.arguments)
    }

    private var details: [MustacheValue] {
        func detail(_ labelKey: String, _ value: String) -> MustacheValue {
            .object(["label": .string(messages.text(labelKey, language)), "value": .string(value)])
        }
        var details = [detail("label_account", user.account), detail("label_name", user.name)]
        if let type = user.certificateType, let number = user.certificateNumber {
            details.append(detail("label_certificate_type", messages.text(type.messageKey, language)))
            details.append(detail("label_certificate_number", Masking.certificate(number)))
        }
        if let mobile = user.mobile { details.append(detail("label_mobile", Masking.mobile(mobile))) }
        details.append(detail("label_gender", messages.text(user.gender.messageKey, language)))
        if !user.info.isEmpty { details.append(detail("label_info", user.info)) }
        return details
    }
}
