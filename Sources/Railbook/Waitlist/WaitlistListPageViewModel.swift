/// The user's waitlists (`waitlist/index`), newest first.
struct WaitlistListPageViewModel: Encodable {
    let waitlists: [WaitlistViewModel]
    let isEmpty: Bool

    init(waitlists: [WaitlistViewModel]) {
        self.waitlists = waitlists
        isEmpty = waitlists.isEmpty
    }
}
