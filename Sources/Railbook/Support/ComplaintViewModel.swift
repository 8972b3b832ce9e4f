import HTTP

/// One complaint as the list and the thread page show it, in the page's language.
struct ComplaintViewModel: Encodable {
    let number: String
    let href: String
    let status: String
    let statusText: String
    let isResolved: Bool
    /// The category's name.
    let category: String
    /// The category's code (`delay`, `food`…).
    let categoryCode: String
    /// `ticket_order` or `shop_order`.
    let subjectKind: String
    let subjectKindText: String
    let subjectNumber: String
    /// How the customer would like to be reached, in words.
    let contact: String
    let filed: String
    let lastActivity: String
    let lastActivityISO: String
    /// The order's page: the customer's own, or the back office's when staff are looking.
    let subjectHref: String
    /// A new complaint about the same order.
    let newHref: String

    /// `complaint` in the language of `text`; `isStaffViewing` when staff, not the customer, are
    /// looking (the order then links to the back office's page of it).
    init(complaint: Complaint, isStaffViewing: Bool = false, text: TextLookup) {
        number = complaint.number
        href = "/complaints/" + complaint.number
        status = complaint.status.rawValue
        statusText = text(complaint.status.messageKey)
        isResolved = complaint.isResolved
        category = text(complaint.category.messageKey)
        categoryCode = complaint.category.rawValue
        subjectKind = complaint.subjectKind.rawValue
        subjectKindText = text(complaint.subjectKind.messageKey)
        subjectNumber = complaint.subjectNumber
        contact = text(complaint.contactPreference.messageKey)
        filed = ComplaintViewModel.dateTime(complaint.createdAt)
        lastActivity = ComplaintViewModel.dateTime(complaint.updatedAt)
        lastActivityISO = ComplaintViewModel.isoDateTime(complaint.updatedAt)
        subjectHref =
            isStaffViewing
            ? AdminOrdersController.path(complaint.subjectNumber)
            : complaint.subjectKind.href(number: complaint.subjectNumber)
        newHref = "/complaints/new?order=" + PercentEncoding.encode(complaint.subjectNumber)
    }

    /// `2026-12-02 06:00` in China time.
    static func dateTime(_ seconds: Int) -> String {
        ChinaTime.date(at: seconds).description + " " + ClockTime.format((seconds + ChinaTime.offsetSeconds) / 60)
    }

    /// `2026-12-02T06:00+08:00`, for `<time datetime>`.
    static func isoDateTime(_ seconds: Int) -> String {
        ChinaTime.date(at: seconds).description + "T" + ClockTime.format((seconds + ChinaTime.offsetSeconds) / 60) + "+08:00"
    }
}
