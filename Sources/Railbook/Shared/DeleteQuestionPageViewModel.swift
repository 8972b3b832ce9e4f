/// The page that asks before a record is deleted (`addresses/delete`, `passengers/delete`): the
/// record under its own name, and the question naming it.
struct DeleteQuestionPageViewModel<Record: Encodable>: Encodable {
    /// The name the template reads the record under (`address`, `passenger`).
    let recordKey: String
    /// The record as its list shows it.
    let record: Record
    /// "Delete the address of 李雷?"
    let question: String

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Name.self)
        try container.encode(record, forKey: Name(recordKey))
        try container.encode(question, forKey: Name("question"))
    }

    /// A name chosen at run time.
    private struct Name: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
