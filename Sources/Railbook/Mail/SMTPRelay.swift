import CCurl
import Glibc

/// Mail handed to an SMTP relay by libcurl's SMTP client: `smtp://[user:password@]host:port`
/// (STARTTLS whenever the relay offers it, and required before a password is sent to any host but
/// this machine) or `smtps://…` (TLS from the start). One connection per mail, with a 5-second
/// connect and a 10-second overall deadline, and 5 seconds for any answer (the QUIT at clean-up
/// included): shorter than a claim on the mail, `Outbox.claimSeconds`, so a relay that hangs delays mail, never anything else.
struct SMTPRelay: MailTransport {
    /// The relay's URL as given, credentials included.
    let url: String

    /// The URL without its credentials.
    var destination: String {
        guard let schemeEnd = url.range(of: "://"), let at = url[schemeEnd.upperBound...].lastIndex(of: "@") else { return url }
        return String(url[..<schemeEnd.upperBound]) + url[url.index(after: at)...]
    }

    /// The URL when it is one this relay can use, or a one-line reason.
    static func check(_ url: String) -> String? {
        guard url.hasPrefix("smtp://") || url.hasPrefix("smtps://") else { return "--smtp needs smtp://host:port or smtps://host:port" }
        guard MailMessage.isHeaderSafe(url), !url.contains(" ") else { return "--smtp holds a character a URL cannot" }
        let rest = url.drop { $0 != "/" }.dropFirst(2)
        let hostPart = rest.split(separator: "@").last.map { $0.prefix { $0 != "/" } } ?? ""
        return hostPart.isEmpty ? "--smtp needs a host" : nil
    }

    private var hasCredentials: Bool {
        guard let schemeEnd = url.range(of: "://") else { return false }
        return url[schemeEnd.upperBound...].prefix { $0 != "/" }.contains("@")
    }

    private var isLoopback: Bool {
        let host = destination.drop { $0 != "/" }.dropFirst(2).prefix { $0 != ":" && $0 != "/" }
        return host == "localhost" || host.hasPrefix("127.") || host == "[::1]"
    }

    func send(_ message: MailMessage) throws {
        SMTPRelay.initializeOnce()
        guard let handle = curl_easy_init() else { throw MailTransportError(description: "libcurl could not start") }
        defer { curl_easy_cleanup(handle) }
        let body = MailBody(bytes: message.rendered)
        let recipients = curl_slist_append(nil, "<" + message.to.text + ">")
        defer { curl_slist_free_all(recipients) }
        var errorText = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let code = errorText.withUnsafeMutableBufferPointer { errorBuffer -> CURLcode in
            withExtendedLifetime(body) {
                let bodyPointer = Unmanaged.passUnretained(body).toOpaque()
                railbook_curl_set_string(handle, CURLOPT_URL, url)
                railbook_curl_set_string(handle, CURLOPT_MAIL_FROM, "<" + message.from.text + ">")
                railbook_curl_set_list(handle, CURLOPT_MAIL_RCPT, recipients)
                let tls = hasCredentials && !isLoopback ? CURLUSESSL_ALL : CURLUSESSL_TRY
                railbook_curl_set_long(handle, CURLOPT_USE_SSL, Int(tls.rawValue))
                railbook_curl_set_long(handle, CURLOPT_UPLOAD, 1)
                railbook_curl_set_long(handle, CURLOPT_INFILESIZE, body.bytes.count)
                railbook_curl_set_read_function(handle, readMailBody)
                railbook_curl_set_pointer(handle, CURLOPT_READDATA, bodyPointer)
                railbook_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, 5)
                railbook_curl_set_long(handle, CURLOPT_TIMEOUT, 10)
                railbook_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
                railbook_curl_set_long(handle, CURLOPT_SERVER_RESPONSE_TIMEOUT, 5)
                railbook_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer.baseAddress)
                let code = curl_easy_perform(handle)
                // The buffer goes with this closure; the QUIT at clean-up must not write to it.
                railbook_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, nil)
                return code
            }
        }
        guard code == CURLE_OK else {
            let detail = errorText.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            let reply = railbook_curl_response_code(handle)
            throw MailTransportError(
                description: "the relay \(destination) did not take the mail: \(detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)"
                    + (reply > 0 ? " (reply \(reply))" : ""))
        }
    }

    /// libcurl's global state, set up once before the first transfer (it is not thread-safe).
    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
    private static func initializeOnce() { _ = initialized }
}

/// The message being uploaded and how much of it libcurl has read.
final class MailBody {
    let bytes: [UInt8]
    var offset = 0
    init(bytes: [UInt8]) { self.bytes = bytes }
}

/// libcurl's read callback: copies the next part of the message into its buffer.
func readMailBody(_ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userData: UnsafeMutableRawPointer?) -> Int {
    guard let buffer, let userData else { return 0 }
    let body = Unmanaged<MailBody>.fromOpaque(userData).takeUnretainedValue()
    let length = min(size * count, body.bytes.count - body.offset)
    guard length > 0 else { return 0 }
    body.bytes.withUnsafeBufferPointer { source in
        UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + body.offset, byteCount: length)
    }
    body.offset += length
    return length
}
