/// What submitting a form sends: the method, the action and the form data in document order.
///
/// The test client turns it into a request: a POST body of `urlencoded`, or the query of a GET.
public struct FormSubmission: Sendable, Hashable {
    /// `GET` or `POST`.
    public let method: String
    /// The `action` attribute as written (`""` when absent: the page's own URL).
    public let action: String
    /// The encoding type, lowercase; `application/x-www-form-urlencoded` unless the form says otherwise.
    public let enctype: String
    /// The form data, in document order.
    public let fields: [FormField]

    /// Creates a submission; tests may build one by hand to send what no form on the page would.
    public init(method: String, action: String, enctype: String = "application/x-www-form-urlencoded", fields: [FormField]) {
        self.method = method
        self.action = action
        self.enctype = enctype
        self.fields = fields
    }

    /// The fields as an `application/x-www-form-urlencoded` body or query: UTF-8, spaces as `+`,
    /// every byte other than an unreserved character (`A–Z a–z 0–9 - . _ ~`) percent-encoded,
    /// line breaks normalized to CRLF as browsers do.
    public var urlencoded: String {
        Self.encode(fields.map { ($0.name, $0.value) })
    }

    /// Name–value pairs as an `application/x-www-form-urlencoded` string, encoded like `urlencoded`.
    public static func encode(_ fields: [(String, String)]) -> String {
        fields.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }

    private static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in normalizingLineBreaks(text).utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                encoded.append("+")
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded.append(hex.count == 1 ? "%0" + hex : "%" + hex)
            }
        }
        return encoded
    }

    /// Every lone CR or LF becomes CRLF.
    private static func normalizingLineBreaks(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previous != "\r" {
                result.append("\r")
            }
            if previous == "\r" && scalar != "\n" {
                result.append("\n")
            }
            result.append(scalar)
            previous = scalar
        }
        if previous == "\r" {
            result.append("\n")
        }
        return String(result)
    }
}
