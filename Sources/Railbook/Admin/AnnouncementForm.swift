import HTTP

/// The form that posts an announcement (`/admin/announcements`): the text in Chinese and in
/// English, both required, as typed, with their problems.
struct AnnouncementForm: Sendable {
    var chinese = ""
    var english = ""

    /// An empty form.
    init() {}

    /// The submitted texts, trimmed (kept at a little over the limit so the message can say it is too long).
    init(form: Parameters) {
        chinese = String((form["text_zh"] ?? "").trimmed.prefix(Announcement.maximumLength + 1))
        english = String((form["text_en"] ?? "").trimmed.prefix(Announcement.maximumLength + 1))
    }

    /// The texts ready to post, or the problems (message keys per field).
    func check() -> Result<LocalizedText, ProductAdminForm.FormProblems> {
        var errors = FormErrors()
        for (field, text) in [("text_zh", chinese), ("text_en", english)] {
            if text.isEmpty { errors.add(field, "announcement_error_empty") }
            if text.count > Announcement.maximumLength { errors.add(field, "announcement_error_long") }
        }
        guard errors.isEmpty else { return .failure(.init(errors: errors)) }
        return .success(LocalizedText(chinese: chinese, english: english))
    }
}
