/// A page that only tells something about the account (`accounts/message`): a link mailed, a link
/// that no longer works, an address confirmed. A form with one button may follow (`action`).
struct AccountMessagePageViewModel: Encodable {
    /// A hidden field of the form.
    struct Hidden: Encodable {
        let name: String
        let value: String
    }

    let title: String
    let paragraphs: [String]
    /// Where the form posts to, its button and hidden fields; nil for no form.
    var action: String?
    var button: String?
    var hidden: [Hidden] = []
    /// A link onwards: its text and address.
    var linkText: String?
    var link: String?

    init(title: String, paragraphs: [String]) {
        self.title = title
        self.paragraphs = paragraphs
    }
}
