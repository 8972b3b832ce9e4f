import Mustache

/// The page that asks before a run is cancelled (`admin/run_cancel`).
struct AdminRunCancelPageViewModel: MustacheRenderable {
    let run: AdminRunViewModel

    var mustacheValue: MustacheValue { .object(["run": run.mustacheValue]) }
}
