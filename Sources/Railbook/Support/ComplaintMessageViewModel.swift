/// One message of a thread: who wrote it (the customer is "you" on their own complaint), when, and the text.
struct ComplaintMessageViewModel: Encodable {
    let id: String
    /// `customer` or `staff`.
    let author: String
    let authorText: String
    let time: String
    let isoTime: String
    let text: String

    /// `message` in the language of `text`; `isOwnerViewing` when the page is shown to the customer
    /// who filed the complaint.
    init(message: ComplaintMessage, isOwnerViewing: Bool, text: TextLookup) {
        id = String(message.id)
        author = message.author.rawValue
        authorText =
            switch message.author {
            case .staff: text("complaint_author_staff")
            case .customer: text(isOwnerViewing ? "complaint_author_you" : "complaint_author_customer")
            }
        time = ComplaintViewModel.dateTime(message.createdAt)
        isoTime = ComplaintViewModel.isoDateTime(message.createdAt)
        self.text = message.text
    }
}
