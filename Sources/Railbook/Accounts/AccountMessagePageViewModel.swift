import HTTP

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

extension PageRenderer {
    /// A page that only tells something (`accounts/message`): the texts `titleKey` and `bodyKey`
    /// of the request's language and, when given, a link onwards (its text's key and address).
    func messagePage(
        title titleKey: String, body bodyKey: String, link: (textKey: String, href: String)?, context: inout some SiteContext,
        status: Status
    ) throws -> Response {
        let text = texts(context)
        var page = AccountMessagePageViewModel(title: text(titleKey), paragraphs: [text(bodyKey)])
        page.linkText = link.map { text($0.textKey) }
        page.link = link?.href
        return try formPage("accounts/message", page, context: &context, status: status)
    }
}
