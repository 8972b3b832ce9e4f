import HTTP
import Mustache

/// One complaint as the list and the thread page show it, in the page's language.
struct ComplaintViewModel {
    let complaint: Complaint
    let messages: Messages
    let language: Language
    /// Staff, not the customer, are looking: the order links to the back office's page of it.
    var isStaffViewing = false

    var mustacheValue: MustacheValue {
        .object([
            "number": .string(complaint.number),
            "href": .string("/complaints/" + complaint.number),
            "status": .string(complaint.status.rawValue),
            "statusText": .string(text(complaint.status.messageKey)),
            "isResolved": .bool(complaint.isResolved),
            "category": .string(text(complaint.category.messageKey)),
            "categoryCode": .string(complaint.category.rawValue),
            "subjectKind": .string(complaint.subjectKind.rawValue),
            "subjectKindText": .string(text(complaint.subjectKind.messageKey)),
            "subjectNumber": .string(complaint.subjectNumber),
            "contact": .string(text(complaint.contactPreference.messageKey)),
            "filed": .string(ComplaintViewModel.dateTime(complaint.createdAt)),
            "lastActivity": .string(ComplaintViewModel.dateTime(complaint.updatedAt)),
            "lastActivityISO": .string(ComplaintViewModel.isoDateTime(complaint.updatedAt)),
            "subjectHref": .string(isStaffViewing ? AdminOrdersController.path(complaint.subjectNumber)
                                                  : complaint.subjectKind.href(number: complaint.subjectNumber)),
            "newHref": .string("/complaints/new?order=" + PercentEncoding.encode(complaint.subjectNumber)),
        ])
    }

    /// `2026-12-02 06:00` in China time.
    static func dateTime(_ seconds: Int) -> String {
        ChinaTime.date(at: seconds).description + " " + ClockTime.format((seconds + ChinaTime.offsetSeconds) / 60)
    }

    /// `2026-12-02T06:00+08:00`, for `<time datetime>`.
    static func isoDateTime(_ seconds: Int) -> String {
        ChinaTime.date(at: seconds).description + "T" + ClockTime.format((seconds + ChinaTime.offsetSeconds) / 60) + "+08:00"
    }

    private func text(_ key: String) -> String { messages.text(key, language) }
}

/// One message of a thread: who wrote it (the customer is "you" on their own complaint), when, and the text.
struct ComplaintMessageViewModel {
    let message: ComplaintMessage
    /// True when the page is shown to the customer who filed the complaint.
    let isOwnerViewing: Bool
    let messages: Messages
    let language: Language

    var mustacheValue: MustacheValue {
        let authorKey = switch message.author {
        case .staff: "complaint_author_staff"
        case .customer: isOwnerViewing ? "complaint_author_you" : "complaint_author_customer"
        }
        return .object([
            "id": .string(String(message.id)),
            "author": .string(message.author.rawValue),
            "authorText": .string(messages.text(authorKey, language)),
            "time": .string(ComplaintViewModel.dateTime(message.createdAt)),
            "isoTime": .string(ComplaintViewModel.isoDateTime(message.createdAt)),
            "text": .string(message.text),
        ])
    }
}
