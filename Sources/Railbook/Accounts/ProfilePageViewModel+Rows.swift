/// One line of the user's details on the My page: a label and its value.
struct ProfileDetailViewModel: Encodable {
    let label: String
    let value: String

    /// The details of `user` that are set, documents masked.
    static func all(of user: User, text: TextLookup) -> [ProfileDetailViewModel] {
        var details = [
            ProfileDetailViewModel(label: text("label_account"), value: user.account),
            ProfileDetailViewModel(label: text("label_name"), value: user.name),
        ]
        if let type = user.certificateType, let number = user.certificateNumber {
            details.append(ProfileDetailViewModel(label: text("label_certificate_type"), value: text(type.messageKey)))
            details.append(ProfileDetailViewModel(label: text("label_certificate_number"), value: Masking.certificate(number)))
        }
        if let mobile = user.mobile { details.append(ProfileDetailViewModel(label: text("label_mobile"), value: Masking.mobile(mobile))) }
        details.append(ProfileDetailViewModel(label: text("label_gender"), value: text(user.gender.messageKey)))
        if !user.info.isEmpty { details.append(ProfileDetailViewModel(label: text("label_info"), value: user.info)) }
        return details
    }
}

/// One notice on the My page: its text (and link), and whether it is new.
struct ProfileNoticeViewModel: Encodable {
    let id: String
    /// The notice's catalog key, for `data-key`.
    let key: String
    let isUnread: Bool
    let text: String
    let link: String?

    init(_ notice: Notice, text: TextLookup) {
        id = String(notice.id)
        key = notice.textKey
        isUnread = notice.readAt == nil
        // A plural entry's form follows the notice's count, its last argument.
        if text.messages.isPlural(notice.textKey), let count = notice.arguments.last.flatMap({ Int($0) }) {
            self.text = text.messages.text(notice.textKey, text.language, count: count, arguments: notice.arguments)
        } else {
            self.text = text.messages.text(notice.textKey, text.language, arguments: notice.arguments)
        }
        link = notice.link
    }
}

/// An account whose saved passenger holds the user's document, with the form removing it.
struct ProfileHolderViewModel: Encodable {
    /// The saved passenger's id.
    let id: String
    /// The account, masked.
    let account: String
    /// The day it was saved.
    let since: String

    init(_ holder: DocumentHolder) {
        id = String(holder.passengerID)
        account = Masking.account(holder.account)
        since = ChinaTime.date(at: holder.since).description
    }
}
