import Mustache

/// The back office's announcements (`admin/announcements`): the form to post one (keeping what was
/// typed, with messages, after a mistake) and the latest ones, each shown one with a retire form.
struct AdminAnnouncementsPageViewModel: MustacheRenderable {
    let announcements: [Announcement]
    let form: AnnouncementForm
    let errors: FormErrors
    /// The message-catalog key of the notice above the page, if any.
    let noticeKey: String?
    let renderer: PageRenderer
    let context: AppContext

    var mustacheValue: MustacheValue {
        func field(_ name: String, _ labelKey: String, _ value: String, language: String) -> MustacheValue {
            let id = "announcement-" + name.replacingAll("_", with: "-")
            let error = errors[name].map { renderer.messages.text($0, context.language, count: Announcement.maximumLength) }
            return .object([
                "id": .string(id), "name": .string(name), "label": .string(renderer.text(labelKey, context)), "value": .string(value),
                "lang": .string(language), "maxLength": .int(Announcement.maximumLength),
                "error": error.map(MustacheValue.string) ?? .null,
            ])
        }
        return .object([
            "notice": noticeKey.map { .string(renderer.text($0, context)) } ?? .null,
            "hasErrors": .bool(!errors.isEmpty),
            "fields": .list([field("text_zh", "announcement_text_zh", form.chinese, language: "zh-CN"),
                             field("text_en", "announcement_text_en", form.english, language: "en")]),
            "announcements": .list(announcements.map { announcement in
                .object([
                    "id": .string(String(announcement.id)),
                    "chinese": .string(announcement.text.chinese), "english": .string(announcement.text.english),
                    "posted": .string(ComplaintViewModel.dateTime(announcement.postedAt)),
                    "status": .string(announcement.isShown ? "shown" : "retired"),
                    "statusText": .string(renderer.text(announcement.isShown ? "announcement_shown" : "announcement_retired", context)),
                    "isShown": .bool(announcement.isShown),
                ])
            }),
            "hasAnnouncements": .bool(!announcements.isEmpty),
        ])
    }
}
