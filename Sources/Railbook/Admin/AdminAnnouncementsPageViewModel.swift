/// The back office's announcements (`admin/announcements`): the form to post one (keeping what was
/// typed, with messages, after a mistake) and the latest ones, each shown one with a retire form.
struct AdminAnnouncementsPageViewModel: Encodable {
    /// One text box of the form, the Chinese or the English text.
    struct Field: Encodable {
        let id: String
        let name: String
        let label: String
        let value: String
        /// The language of the text, for the box's `lang`.
        let lang: String
        let maxLength: Int
        let error: String?
    }

    /// One announcement of the list.
    struct Row: Encodable {
        let id: String
        let chinese: String
        let english: String
        let posted: String
        /// `shown` or `retired`.
        let status: String
        let statusText: String
        let isShown: Bool
    }

    /// The notice above the page, if any.
    let notice: String?
    let hasErrors: Bool
    let fields: [Field]
    let announcements: [Row]
    let hasAnnouncements: Bool

    /// The page showing `announcements`, and `form` with the messages of `errors`; `noticeKey` is
    /// the message-catalog key of the notice above the page, if any.
    init(announcements: [Announcement], form: AnnouncementForm, errors: FormErrors, noticeKey: String?, text: TextLookup) {
        func field(_ name: String, label: String, _ value: String, language: String) -> Field {
            Field(
                id: "announcement-" + name.replacingAll("_", with: "-"), name: name, label: label, value: value, lang: language,
                maxLength: Announcement.maximumLength, error: errors[name].map { text($0, count: Announcement.maximumLength) })
        }
        notice = noticeKey.map { text($0) }
        hasErrors = !errors.isEmpty
        fields = [
            field("text_zh", label: text("announcement_text_zh"), form.chinese, language: "zh-CN"),
            field("text_en", label: text("announcement_text_en"), form.english, language: "en"),
        ]
        self.announcements = announcements.map { announcement in
            Row(
                id: String(announcement.id), chinese: announcement.text.chinese, english: announcement.text.english,
                posted: ChinaMoment(announcement.postedAt).text, status: announcement.isShown ? "shown" : "retired",
                statusText: text(announcement.isShown ? "announcement_shown" : "announcement_retired"), isShown: announcement.isShown)
        }
        hasAnnouncements = !announcements.isEmpty
    }
}
