import Secrets
import Storage

/// Writes a queued `Mail` as the message that goes out, in the recipient's language: a subject,
/// a greeting, what happened, a button to the page it is about (the same link in the text
/// version), and a footer that says why the mail came and, for notices, how to turn it off.
struct MailComposer: Sendable {
    let renderer: PageRenderer
    let railway: Railway
    let settings: MailSettings
    /// The seller and tax, for invoices mailed as PDF.
    let invoices: InvoiceSettings
    /// Where links in mail start.
    let site: SiteAddress
    /// Signs the turn-off links (`MailOptOut`).
    let key: HMACKey

    /// The message for `mail`, reading what it lists (an order's tickets) from `db`.
    func message(for mail: Mail, in db: Database) throws -> MailMessage {
        let text = TextLookup(messages: renderer.messages, language: mail.language)
        let siteURL = site.url
        let name = try mail.userID.flatMap { try User.find(id: $0, in: db) }
        var content = try MailContent(mail, text: text, railway: railway, invoices: invoices, siteURL: siteURL, account: name?.account ?? "", in: db)
        content.greeting = text("mail_greeting", name?.name ?? text("mail_greeting_nobody"))
        var unsubscribe: String?
        if mail.topic != .security, let userID = mail.userID {
            let link = siteURL + MailOptOut.path(userID: userID, topic: mail.topic, key: key)
            unsubscribe = link
            content.footer = [text("mail_footer", mail.recipient), text("mail_footer_turn_off", text(mail.topic.messageKey), link)]
        } else {
            content.footer = [text("mail_footer", mail.recipient), text("mail_footer_security")]
        }
        let html = try renderer.fragment("mail/message", content.htmlModel(language: mail.language), language: mail.language)
        guard let sender = settings.sender, let recipient = MailAddress(mail.recipient) else {
            throw MailTransportError(description: "mail \(mail.id) has no valid sender or recipient")
        }
        var message = MailMessage(
            fromName: sender.name, from: sender.address, to: recipient, subject: content.subject, date: mail.createdAt,
            messageID: mail.messageID, text: content.plainText, html: String(decoding: html, as: UTF8.self))
        message.unsubscribeURL = unsubscribe
        message.attachments = content.attachments
        return message
    }
}
