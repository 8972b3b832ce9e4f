import Mustache

/// The back office's runs page (`admin/runs`): the train and date asked for, the run found (with
/// its sales and the delay form), and the notice or alert of the last action.
struct AdminRunsPageViewModel: MustacheRenderable {
    let train: String
    let date: String
    let notice: String?
    let alert: String?
    let run: AdminRunViewModel?

    var mustacheValue: MustacheValue {
        var values: MustacheObject = [
            "train": .string(train), "date": .string(date),
            "notice": notice.map(MustacheValue.string) ?? .null, "alert": alert.map(MustacheValue.string) ?? .null,
        ]
        if let run { values["run"] = run.mustacheValue }
        return .object(values)
    }
}
