/// How Railbook sends mail (`railbook serve --smtp … --mail-from … --site-url … --mail-folder …`).
public struct MailSettings: Sendable, Equatable {
    /// The relay, `smtp://[user:password@]host:port` or `smtps://…`; nil writes mail to `folder`.
    public var relayURL: String?
    /// The sender: `Railbook <no-reply@railbook.example>` or a bare address.
    public var from = "Railbook <no-reply@railbook.invalid>"
    /// Where travellers reach the site (`https://tickets.example`), for the links in mail; nil:
    /// the server's own address.
    public var siteURL: String?
    /// Where mail is written without a relay; nil: `mail/` beside the SQLite database (or in the
    /// working directory on PostgreSQL).
    public var folder: String?

    public init() {}

    /// The sender's name and address `from` names, or nil when it is not the shape of one.
    var sender: (name: String, address: MailAddress)? {
        let text = from.trimmed
        if let open = text.lastIndex(of: "<"), text.hasSuffix(">") {
            let name = String(text[..<open]).trimmed
            guard let address = MailAddress(String(text[text.index(after: open)..<text.index(before: text.endIndex)])),
                MailMessage.isHeaderSafe(name) || !name.contains(where: { $0.isNewline })
            else { return nil }
            return (name.isEmpty ? "Railbook" : name, address)
        }
        return MailAddress(text).map { ("Railbook", $0) }
    }

    /// A one-line reason why these settings cannot be used, or nil.
    var problem: String? {
        if sender == nil { return "--mail-from needs an address, e.g. 'Railbook <no-reply@example.com>'" }
        if let relayURL, let problem = SMTPRelay.check(relayURL) { return problem }
        if let siteURL, !(siteURL.hasPrefix("http://") || siteURL.hasPrefix("https://")) || !MailMessage.isHeaderSafe(siteURL) {
            return "--site-url needs an http:// or https:// address"
        }
        return nil
    }
}

extension SiteConfiguration {
    /// Where mail goes: the relay, or the mail folder (see `MailSettings.folder`).
    var mailTransport: any MailTransport {
        if let relay = mail.relayURL { return SMTPRelay(url: relay) }
        if let folder = mail.folder { return MailFolder(path: folder) }
        if case .sqliteFile(let path) = DatabaseLocation(databaseLocation) {
            let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
            return MailFolder(path: (directory.isEmpty ? "" : directory) + "/mail")
        }
        return MailFolder(path: "mail")
    }
}
