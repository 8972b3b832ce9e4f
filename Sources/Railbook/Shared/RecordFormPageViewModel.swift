/// The add or edit page of one record (an address, a saved passenger, a station), as
/// `forms/record.mustache` shows it: a title, the form's fields with their messages, and an alert
/// for the whole form. Each record's template fills the blocks it adds (extra fields, the button,
/// the way back).
struct RecordFormPageViewModel: Encodable {
    /// The page's heading and title.
    let title: String
    /// Where the form posts: the collection when adding, the record when editing.
    let action: String
    /// The fields, with the typed values and their messages.
    let fields: [FieldViewModel]
    /// Fields a record's template places itself (a passenger's student details).
    var studentFields: [FieldViewModel] = []
    /// True when any field has a message: the form then says so above it.
    let hasErrors: Bool
    /// A message about the whole form, such as a full address book.
    var alert: String?

    /// The add form when `id` is nil (posting to `collection`), else the edit form of record `id`.
    init(title: String, collection: String, id: Int64?, fields: [FieldViewModel], errors: FormErrors, alert: String? = nil) {
        self.title = title
        self.action = id.map { collection + "/\($0)" } ?? collection
        self.fields = fields
        self.hasErrors = !errors.isEmpty
        self.alert = alert
    }
}
