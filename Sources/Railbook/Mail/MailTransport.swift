/// Where mail goes: an SMTP relay (`SMTPRelay`) or, without one, a folder of `.eml` files
/// (`MailFolder`). Sending the same message twice (a retry after a crash) hands over the same
/// `Message-ID`: the folder keeps one file, a receiver can drop the second copy.
protocol MailTransport: Sendable {
    /// Hands `message` over for delivery; throws `MailTransportError` when it was not taken.
    func send(_ message: MailMessage) throws

    /// Where mail goes, for the log and the administrators' page (no password).
    var destination: String { get }
}

/// Why a mail was not taken; the mail is tried again later.
struct MailTransportError: Error, CustomStringConvertible {
    let description: String
}
