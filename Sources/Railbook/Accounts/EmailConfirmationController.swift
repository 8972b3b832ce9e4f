import HTTP
import Storage

/// `/email/confirm?token=…`: the link mailed to a new address. Opening it only asks (mail
/// programs open links on their own); the button confirms, logged in or not. A link that is
/// unknown, used or expired shows one clear page and changes nothing.
struct EmailConfirmationController: Controller {
    let renderer: PageRenderer
    let database: DatabasePool

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/email/confirm", use: show)
        router.post("/email/confirm", use: confirm)
    }

    func show(_ request: Request, _ context: inout AppContext) throws -> Response {
        let token = request.query["token"] ?? "", now = context.now
        let found = try database.read { db -> (account: String, address: String)? in
            guard let (userID, address) = try EmailChange.find(token: token, now: now, in: db), let user = try User.find(id: userID, in: db)
            else { return nil }
            return (user.account, address)
        }
        let text = renderer.texts(context)
        guard let found else { return try renderInvalid(&context) }
        var page = AccountMessagePageViewModel(
            title: text("email_confirm_title"), paragraphs: [text("email_confirm_question", found.address, found.account)])
        page.action = "/email/confirm"
        page.button = text("email_confirm_submit")
        page.hidden = [.init(name: "token", value: token)]
        return try renderer.formPage("accounts/message", page, context: &context)
    }

    func confirm(_ request: Request, _ context: inout AppContext) throws -> Response {
        let token = request.form["token"] ?? "", now = context.now
        let text = renderer.texts(context)
        switch try database.write({ try EmailChange.confirm(token: token, now: now, in: $0) }) {
        case .confirmed(let address):
            var page = AccountMessagePageViewModel(title: text("email_confirmed_title"), paragraphs: [text("email_confirmed_body", address)])
            page.linkText = text("email_settings_link")
            page.link = "/me/email"
            return try renderer.formPage("accounts/message", page, context: &context)
        case .taken:
            return try renderer.messagePage(title: "email_taken_title", body: "email_taken_body", link: nil, context: &context, status: .conflict)
        case .invalid:
            return try renderInvalid(&context)
        }
    }

    private func renderInvalid(_ context: inout AppContext) throws -> Response {
        try renderer.messagePage(
            title: "email_link_invalid_title", body: "email_link_invalid_body", link: ("email_settings_link", "/me/email"), context: &context,
            status: .gone)
    }
}
