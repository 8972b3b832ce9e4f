import Mustache

/// The user's waitlists (`waitlist/index`), newest first.
struct WaitlistListPageViewModel: MustacheRenderable {
    let waitlists: [WaitlistViewModel.Details]
    let shown: WaitlistViewModel

    var mustacheValue: MustacheValue {
        .object(["waitlists": .list(waitlists.map(shown.value)), "isEmpty": .bool(waitlists.isEmpty)])
    }
}
