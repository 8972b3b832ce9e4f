import Mustache

/// The page that asks before a record is deleted (`addresses/delete`, `passengers/delete`): the
/// record under its own name, and the question naming it.
struct DeleteQuestionPageViewModel: MustacheRenderable {
    /// The name the template reads the record under (`address`, `passenger`).
    let recordKey: String
    /// The record as its list shows it.
    let record: any MustacheRenderable
    /// "Delete the address of 李雷?"
    let question: String

    var mustacheValue: MustacheValue {
        .object([recordKey: record.mustacheValue, "question": .string(question)])
    }
}
