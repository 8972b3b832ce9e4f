import HTTP
import Storage

/// `/admin/mail`: the latest mail, newest first, with where it went, what it was about and its
/// state (sent, waiting, or failing with its attempts and last error), and where mail goes.
/// Administrators only.
struct AdminMailController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool
    /// Where mail goes (the relay without its password, or the folder).
    let destination: String

    func addRoutes(to admin: AdminRoutes) {
        admin.get("/mail", use: index)
    }

    func index(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let mails = try database.read { try Mail.latest(limit: 100, in: $0) }
        let page = AdminMailPageViewModel(mails: mails, destination: destination, text: renderer.texts(context))
        return try renderer.page("admin/mail", page, context: context)
    }
}

/// The mail page of the back office (`admin/mail`).
struct AdminMailPageViewModel: Encodable {
    /// One mail.
    struct Row: Encodable {
        let id: String
        let created: String
        let recipient: String
        let kind: String
        let topic: String
        /// `sent`, `queued` or `failing`, and in words.
        let state: String
        let stateText: String
        let attempts: String
        let sent: String
        let error: String
        /// The request that queued it, to find in the log.
        let request: String
    }

    let destination: String
    let hasMails: Bool
    let mails: [Row]

    init(mails: [Mail], destination: String, text: TextLookup) {
        self.destination = destination
        hasMails = !mails.isEmpty
        self.mails = mails.map { mail in
            let state = mail.status == .sent ? "sent" : mail.attempts > 0 ? "failing" : "queued"
            let stateKey = mail.status == .sent ? "admin_mail_state_sent" : mail.attempts > 0 ? "admin_mail_state_failing" : "admin_mail_state_queued"
            return Row(
                id: String(mail.id), created: ChinaMoment(mail.createdAt).text, recipient: mail.recipient, kind: mail.kind.rawValue,
                topic: text(mail.topic.messageKey), state: state, stateText: text(stateKey), attempts: String(mail.attempts),
                sent: mail.sentAt.map { ChinaMoment($0).text } ?? "", error: mail.lastError ?? "", request: mail.requestID ?? "")
        }
    }
}
