import Storage

/// What one mail says, in the recipient's language, before it becomes a text and an HTML part.
struct MailContent {
    var subject = ""
    var greeting = ""
    var paragraphs: [String] = []
    /// Listed items (the tickets of a paid order).
    var items: [String] = []
    /// The page the mail is about: its button's label and the full link.
    var button: (label: String, url: String)?
    var footer: [String] = []
    var attachments: [MailMessage.Attachment] = []

    /// The content of `mail`; `account` is the recipient's account name.
    init(
        _ mail: Mail, text: TextLookup, railway: Railway, invoices: InvoiceSettings, siteURL: String, account: String, in db: Database
    ) throws {
        let argument = { (index: Int) in mail.arguments.indices.contains(index) ? mail.arguments[index] : "" }
        let moment = { (index: Int) in Int(argument(index)).map { ChinaMoment($0).text } ?? "" }
        let link = mail.link.map { siteURL + $0 }
        switch mail.kind {
        case .notice:
            let said: String
            if text.messages.isPlural(mail.textKey), let count = mail.arguments.last.flatMap({ Int($0) }) {
                said = text.messages.text(mail.textKey, text.language, count: count, arguments: mail.arguments)
            } else {
                said = text.messages.text(mail.textKey, text.language, arguments: mail.arguments)
            }
            subject = said.count > 100 ? String(said.prefix(99)) + "…" : said
            paragraphs = [said]
            button = link.map { (text("mail_button_open"), $0) }
        case .orderBooked:
            subject = text("mail_order_booked_subject", argument(0))
            paragraphs = [text("mail_order_booked_body", argument(0), argument(1), moment(2))]
            button = link.map { (text("mail_button_pay"), $0) }
        case .paymentReminder:
            subject = text("mail_payment_reminder_subject", argument(0))
            paragraphs = [text("mail_payment_reminder_body", argument(0), argument(1), moment(2))]
            button = link.map { (text("mail_button_pay"), $0) }
        case .paymentReceived:
            subject = text("mail_payment_received_subject", argument(0))
            paragraphs = [text("mail_payment_received_body", argument(1), argument(0))]
            let trips = try MailTrips(orderNumber: argument(0), railway: railway, text: text, in: db)
            items = trips.lines
            if let calendar = trips.calendar(now: mail.createdAt) {
                paragraphs.append(text("mail_payment_received_calendar"))
                attachments.append(
                    .init(filename: "railbook-\(argument(0)).ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", bytes: calendar))
            }
            button = link.map { (text("mail_button_tickets"), $0) }
        case .refundDone:
            subject = text("mail_refund_done_subject", argument(0))
            paragraphs = [text("mail_refund_done_body", argument(0), argument(1))]
            button = link.map { (text("mail_button_open"), $0) }
        case .changeDone:
            subject = text("mail_change_done_subject", argument(0))
            paragraphs = [
                argument(1).isEmpty ? text("mail_change_done_body", argument(0)) : text("mail_change_done_refund_body", argument(0), argument(1))
            ]
            button = link.map { (text("mail_button_open"), $0) }
        case .invoiceIssued:
            guard let id = Int64(argument(0)), let invoice = try Invoice.find(id: id, in: db) else {
                throw MailTransportError(description: "the invoice of mail \(mail.id) is missing")
            }
            let cancels = try invoice.cancelsInvoiceID.flatMap { try Invoice.find(id: $0, in: db)?.number }
            let page = InvoicePageViewModel(invoice, cancels: cancels, settings: invoices, text: text)
            subject = text("mail_invoice_subject", invoice.number)
            paragraphs = [text("mail_invoice_body", text(invoice.kind.messageKey), invoice.number, page.amount)]
            let pdf = try InvoicePDF(page: page, verifyURL: siteURL + page.verifyPath, text: text).render()
            attachments.append(.init(filename: "invoice-\(invoice.number).pdf", contentType: "application/pdf", bytes: pdf))
            button = link.map { (text("mail_button_open"), $0) }
        case .addressConfirmation:
            subject = text("mail_address_confirmation_subject")
            paragraphs = [text("mail_address_confirmation_body", account), text("mail_address_confirmation_ignore")]
            button = mail.secret.map { (text("mail_button_confirm_address"), siteURL + "/email/confirm?token=" + $0) }
        case .addressInUse:
            subject = text("mail_address_in_use_subject")
            paragraphs = [text("mail_address_in_use_body")]
            button = (text("mail_button_forgot_password"), siteURL + "/password/forgot")
        case .addressChanged:
            subject = text("mail_address_changed_subject")
            let said = argument(0).isEmpty ? text("mail_address_removed_body", account) : text("mail_address_changed_body", account, argument(0))
            paragraphs = [said, text("mail_not_you")]
            button = (text("mail_button_forgot_password"), siteURL + "/password/forgot")
        case .passwordReset:
            subject = text("mail_password_reset_subject")
            paragraphs = [text("mail_password_reset_body", account), text("mail_password_reset_ignore")]
            button = mail.secret.map { (text("mail_button_new_password"), siteURL + "/password/reset?token=" + $0) }
        case .passwordChanged:
            subject = text("mail_password_changed_subject")
            paragraphs = [text("mail_password_changed_body", account, moment(0)), text("mail_not_you")]
            button = (text("mail_button_forgot_password"), siteURL + "/password/forgot")
        }
    }

    /// The plain-text part.
    var plainText: String {
        var blocks = [greeting] + paragraphs
        if !items.isEmpty { blocks.append(items.map { "- " + $0 }.joined(separator: "\n")) }
        if let button { blocks.append(button.label + ":\n" + button.url) }
        blocks.append("-- \n" + footer.joined(separator: "\n"))
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// What the HTML part's template (`mail/message`) shows.
    func htmlModel(language: Language) -> MailPageModel {
        MailPageModel(
            lang: language.code, subject: subject, greeting: greeting, paragraphs: paragraphs, items: items, hasItems: !items.isEmpty,
            button: button.map { .init(label: $0.label, url: $0.url) }, footer: footer)
    }
}

/// The HTML part's view-model.
struct MailPageModel: Encodable {
    struct Button: Encodable {
        let label: String
        let url: String
    }

    let lang: String
    let subject: String
    let greeting: String
    let paragraphs: [String]
    let items: [String]
    let hasItems: Bool
    let button: Button?
    let footer: [String]
}
