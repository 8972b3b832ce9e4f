/// One waitlist's page (`waitlist/show`), with the notice of what just happened to it, if anything.
struct WaitlistPageViewModel: Encodable {
    let waitlist: WaitlistViewModel
    /// What just happened to it (cancelled, closed, the payment given up), if anything.
    let notice: String?
}
