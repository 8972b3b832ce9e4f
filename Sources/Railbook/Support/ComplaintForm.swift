import HTTP

/// A filled-in complaint form, checked field by field. Whether the order is the user's is checked
/// by `Complaint.file`, against the database.
struct ComplaintForm {
    /// The order's number (`E123456789`), as the form's `order` field sends it.
    var orderNumber = ""
    var category = ""
    var text = ""
    var contactPreference = ComplaintContactPreference.none.rawValue

    /// The complaint text is 10–2000 characters.
    static let textLengths = 10...2000

    /// An empty form about the order numbered `orderNumber` (empty: none chosen yet).
    init(orderNumber: String = "") {
        self.orderNumber = orderNumber
    }

    /// Reads the form fields (see docs/routes.md). Line breaks in the text become `\n`; a missing
    /// contact preference means `none`.
    init(form: Parameters) {
        orderNumber = (form["order"] ?? "").trimmed
        category = form["category"] ?? ""
        text = ComplaintForm.normalized(form["text"] ?? "")
        contactPreference = form["contact_preference"].flatMap { $0.isEmpty ? nil : $0 } ?? ComplaintContactPreference.none.rawValue
    }

    /// Every rule a field breaks, by field name; `mobile` is the account's mobile number (nil when
    /// it has none), which a call or text message needs.
    func problems(mobile: String?) -> FormErrors {
        var errors = FormErrors()
        if orderNumber.isEmpty { errors.add("order", "error_complaint_order") }
        if ComplaintCategory(rawValue: category) == nil { errors.add("category", "error_complaint_category") }
        if !ComplaintForm.textLengths.contains(text.count) { errors.add("text", "error_complaint_text") }
        if let preference = ComplaintContactPreference(rawValue: contactPreference) {
            if preference.needsMobile, (mobile ?? "").isEmpty { errors.add("contact_preference", "error_complaint_contact_no_mobile") }
        } else {
            errors.add("contact_preference", "error_complaint_contact")
        }
        return errors
    }

    /// `text` trimmed, with every line break as `\n`.
    static func normalized(_ text: String) -> String {
        String(text.trimmed.map { $0 == "\r\n" || $0 == "\r" ? "\n" : $0 })
    }
}

/// A reply to a complaint's thread (the customer's or staff's `text` field).
struct ComplaintReplyForm {
    var text = ""

    /// An empty reply.
    init() {}

    /// Reads the `text` field, trimmed, line breaks as `\n`.
    init(form: Parameters) {
        text = ComplaintForm.normalized(form["text"] ?? "")
    }

    /// The reply's problems: `text` must be 1–2000 characters.
    func problems() -> FormErrors {
        var errors = FormErrors()
        if !ComplaintMessage.textLengths.contains(text.count) { errors.add("text", "error_complaint_reply_text") }
        return errors
    }
}
