/// The page that asks before a run is cancelled (`admin/run_cancel`).
struct AdminRunCancelPageViewModel: Encodable {
    let run: AdminRunViewModel
}
