/// The back office's runs page (`admin/runs`): the train and date asked for, the run found (with
/// its sales and the delay form), and the notice or alert of the last action.
struct AdminRunsPageViewModel: Encodable {
    /// The search fields: the train and date asked for.
    let train: String
    let date: String
    let notice: String?
    let alert: String?
    /// The run found, if any.
    let run: AdminRunViewModel?
}
