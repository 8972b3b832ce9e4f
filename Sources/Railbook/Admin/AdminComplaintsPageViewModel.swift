/// The complaint queue of the back office (`admin/complaints`): the filter, one page of
/// complaints and the links to the pages around it.
struct AdminComplaintsPageViewModel: Encodable {
    /// One complaint of the queue.
    struct Row: Encodable {
        let number: String
        let account: String
        let status: String
        let statusText: String
        let category: String
        let categoryText: String
        /// The number of the order complained about, and its back-office page.
        let order: String
        let orderHref: String
        /// How many messages the thread has.
        let messages: String
        let lastActivity: String
    }

    /// The status filter's choices, "any" first.
    let statuses: [AdminOptionViewModel]
    /// The category filter's choices, "any" first.
    let categories: [AdminOptionViewModel]
    /// Why the filter or page asked for was refused, if it was.
    let alert: String?
    /// "Page 2 of 5".
    let pageText: String
    /// The pages before and after this one, when there are.
    let previous: String?
    let next: String?
    let hasComplaints: Bool
    let complaints: [Row]

    /// Page `page` of `pages` holding `entries`, filtered by `status` and `category` (nil: any);
    /// `alertKey` is the message-catalog key of the alert above the page, if any.
    init(
        entries: [ComplaintQueue.Entry], status: Complaint.Status?, category: ComplaintCategory?, page: Int, pages: Int,
        alertKey: String?, text: TextLookup
    ) {
        let filter = "/admin/complaints?status=\(status?.rawValue ?? "")&category=\(category?.rawValue ?? "")&page="
        let any = AdminOptionViewModel(value: "", label: text("admin_desk_any"), selected: status == nil)
        statuses =
            [any]
            + Complaint.Status.allCases.map {
                AdminOptionViewModel(value: $0.rawValue, label: text($0.messageKey), selected: $0 == status)
            }
        categories =
            [AdminOptionViewModel(value: "", label: any.label, selected: category == nil)]
            + ComplaintCategory.allCases.map {
                AdminOptionViewModel(value: $0.rawValue, label: text($0.messageKey), selected: $0 == category)
            }
        alert = alertKey.map { text($0) }
        pageText = text("admin_desk_page_of", String(page), String(pages))
        previous = page > 1 ? filter + String(page - 1) : nil
        next = page < pages ? filter + String(page + 1) : nil
        hasComplaints = !entries.isEmpty
        complaints = entries.map { entry in
            let complaint = entry.complaint
            return Row(
                number: complaint.number, account: entry.account, status: complaint.status.rawValue,
                statusText: text(complaint.status.messageKey), category: complaint.category.rawValue,
                categoryText: text(complaint.category.messageKey), order: complaint.subjectNumber,
                orderHref: AdminOrdersController.path(complaint.subjectNumber), messages: String(entry.messageCount),
                lastActivity: ChinaMoment(complaint.updatedAt).text)
        }
    }
}
