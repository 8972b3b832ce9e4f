import Glibc

/// Mail written as `.eml` files to a folder instead of being sent, so a site without a relay
/// (`make run`) still shows what it would send. Each file is named after the message's
/// `Message-ID` and written whole before it appears (a temporary file renamed into place), so a
/// retry replaces the file it wrote before and a reader never sees half a mail.
struct MailFolder: MailTransport {
    let path: String

    var destination: String { "folder " + path }

    func send(_ message: MailMessage) throws {
        if mkdir(path, 0o750) != 0 && errno != EEXIST {
            throw MailTransportError(description: "cannot create the mail folder \(path): \(String(cString: strerror(errno)))")
        }
        let name = message.messageID.filter { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
        let final = path + "/" + name + ".eml", temporary = path + "/." + name + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o640)
        guard descriptor >= 0 else { throw MailTransportError(description: "cannot write \(temporary): \(String(cString: strerror(errno)))") }
        let bytes = message.rendered
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let flushed = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, flushed, rename(temporary, final) == 0 else {
            unlink(temporary)
            throw MailTransportError(description: "cannot write \(final): \(String(cString: strerror(errno)))")
        }
    }
}
