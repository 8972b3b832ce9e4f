/// The export form (`admin/exports`): what to download and for which days, with what was wrong
/// with the last try.
struct AdminExportsPageViewModel: Encodable {
    /// One choice of what to download.
    struct Kind: Encodable {
        let value: String
        let label: String
        let selected: Bool
    }

    let kinds: [Kind]
    let from: String
    let to: String
    let problems: [String]
    let hasProblems: Bool

    init(kind: String, from: String, to: String, problems: [String], text: TextLookup) {
        kinds = ExportKind.allCases.map { Kind(value: $0.rawValue, label: text($0.messageKey), selected: $0.rawValue == kind) }
        self.from = from
        self.to = to
        self.problems = problems
        hasProblems = !problems.isEmpty
    }
}
