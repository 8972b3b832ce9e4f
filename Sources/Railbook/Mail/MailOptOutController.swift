import HTTP
import Secrets
import Storage

/// `/mail/off`: the link at the foot of every notice mail (and its `List-Unsubscribe` header)
/// turns that kind of mail off without logging in. Opening it only asks; the button turns it off.
/// A link whose signature does not match shows one clear page and changes nothing.
struct MailOptOutController: Controller {
    let renderer: PageRenderer
    let database: DatabasePool
    /// Signs the links (`MailOptOut`).
    let key: HMACKey

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/mail/off", use: show)
        router.post("/mail/off", use: turnOff)
    }

    func show(_ request: Request, _ context: inout AppContext) throws -> Response {
        let text = renderer.texts(context)
        guard let (userID, topic, signature) = link(request.query) else { return try renderInvalid(&context) }
        var page = AccountMessagePageViewModel(title: text("mail_off_title"), paragraphs: [text("mail_off_question", text(topic.messageKey))])
        page.action = "/mail/off"
        page.button = text("mail_off_submit")
        page.hidden = [
            .init(name: "user", value: String(userID)), .init(name: "topic", value: topic.rawValue), .init(name: "signature", value: signature),
        ]
        return try renderer.formPage("accounts/message", page, context: &context)
    }

    func turnOff(_ request: Request, _ context: inout AppContext) throws -> Response {
        let text = renderer.texts(context)
        guard let (userID, topic, _) = link(request.form) else { return try renderInvalid(&context) }
        try database.write { try MailOptOut.set(topic, on: false, userID: userID, in: $0) }
        var page = AccountMessagePageViewModel(title: text("mail_off_done_title"), paragraphs: [text("mail_off_done_body", text(topic.messageKey))])
        page.linkText = text("email_settings_link")
        page.link = "/me/email"
        return try renderer.formPage("accounts/message", page, context: &context)
    }

    /// The user, topic and signature of a signed link, or nil when any is missing or it does not match.
    private func link(_ parameters: Parameters) -> (Int64, MailTopic, String)? {
        guard let userID = parameters["user"].flatMap({ Int64($0) }), let topic = parameters["topic"].flatMap(MailTopic.init(rawValue:)),
            topic != .security, let signature = parameters["signature"],
            MailOptOut.isValid(signature, userID: userID, topic: topic, key: key)
        else { return nil }
        return (userID, topic, signature)
    }

    private func renderInvalid(_ context: inout AppContext) throws -> Response {
        try renderer.messagePage(
            title: "mail_off_invalid_title", body: "mail_off_invalid_body", link: ("email_settings_link", "/me/email"), context: &context,
            status: .badRequest)
    }
}
