/// The list page of a user's records of one kind (addresses, saved passengers), as
/// `forms/record_list.mustache` shows it: a notice, how many there are of how many allowed, the
/// add link (or why there is none) and the records, which each kind's template lays out.
struct RecordListPageViewModel<Record: Encodable>: Encodable {
    /// Each record's values for its row.
    let records: [Record]
    let hasRecords: Bool
    /// "2/15" as the page words it.
    let summary: String
    /// Where the add form is.
    let addHref: String
    /// False once the limit is reached: the page then shows `limitMessage` instead of the add link.
    let canAdd: Bool
    let limitMessage: String
    /// A notice after a change (saved, deleted …), if any.
    let notice: String?

    init(records: [Record], summary: String, addHref: String, canAdd: Bool, limitMessage: String, notice: String?) {
        self.records = records
        hasRecords = !records.isEmpty
        self.summary = summary
        self.addHref = addHref
        self.canAdd = canAdd
        self.limitMessage = limitMessage
        self.notice = notice
    }
}
