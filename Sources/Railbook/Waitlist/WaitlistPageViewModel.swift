import Mustache

/// One waitlist's page (`waitlist/show`), with the notice of what just happened to it, if anything.
struct WaitlistPageViewModel: MustacheRenderable {
    let waitlist: WaitlistViewModel.Details
    let shown: WaitlistViewModel
    let notice: String?

    var mustacheValue: MustacheValue {
        .object(["waitlist": shown.value(waitlist), "notice": notice.map(MustacheValue.string) ?? .null])
    }
}
