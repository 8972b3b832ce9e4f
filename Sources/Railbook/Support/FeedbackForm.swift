import HTTP

/// A filled-in feedback form, checked field by field.
struct FeedbackForm {
    var category = ""
    var text = ""
    /// Optional: an email address or a mobile number, empty when not given.
    var contact = ""

    /// An empty form; `contact` prefills the contact field (the user's mobile number).
    init(contact: String = "") {
        self.contact = contact
    }

    /// Reads the form fields (see docs/routes.md). Line breaks in the text become `\n`; a mobile
    /// number's spaces and hyphens are dropped.
    init(form: Parameters) {
        category = form["category"] ?? ""
        text = String((form["text"] ?? "").trimmed.map { $0 == "\r\n" || $0 == "\r" ? "\n" : $0 })
        let contact = (form["contact"] ?? "").trimmed
        let digits = contact.filter { !$0.isWhitespace && $0 != "-" }
        self.contact = !contact.contains("@") && digits.allSatisfy(\.isASCIIDigit) ? digits : contact
    }

    /// Every rule a field breaks, by field name.
    func problems() -> FormErrors {
        var errors = FormErrors()
        if FeedbackCategory(rawValue: category) == nil { errors.add("category", "error_feedback_category") }
        if !(10...2000).contains(text.count) { errors.add("text", "error_feedback_text") }
        if !contact.isEmpty, !(contact.contains("@") ? FeedbackForm.isEmailAddress(contact) : AccountRules.mobileProblem(contact) == nil) {
            errors.add("contact", "error_feedback_contact")
        }
        return errors
    }

    /// Something that looks deliverable: up to 100 characters, no spaces, one `@` after a local part,
    /// and a domain of at least two dot-separated labels of letters, digits and hyphens.
    static func isEmailAddress(_ text: String) -> Bool {
        guard text.count <= 100, !text.contains(where: \.isWhitespace) else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2
            && labels.allSatisfy { label in
                !label.isEmpty && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
            }
    }
}
