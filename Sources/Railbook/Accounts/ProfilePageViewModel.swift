/// The user's own page (`accounts/me`), an account hub: a header card with their name and unread
/// notices, the hub (unpaid things, next trips, tiles: `AccountHubViewModel`), their latest
/// notices, their details (documents masked) and the accounts whose passengers hold their document.
struct ProfilePageViewModel: Encodable {
    let name: String
    /// The name's first character, for the avatar.
    let initial: String
    let account: String
    /// "2 new notices", or nil when every notice was read.
    let unreadText: String?
    let hasUnpaid: Bool
    let unpaid: [AccountHubViewModel.Unpaid]
    let hasTrips: Bool
    /// The next trips, next departure first.
    let trips: [AccountHubViewModel.Trip]
    /// How many more upcoming trips there are, in words; nil when none.
    let moreTrips: String?
    let tiles: [AccountHubViewModel.Tile]
    let details: [ProfileDetailViewModel]
    let hasNotices: Bool
    let notices: [ProfileNoticeViewModel]
    let hasHolders: Bool
    let holders: [ProfileHolderViewModel]
    /// Which notice the page opens with: a holder was removed, or the details were saved.
    let holderRemoved: Bool
    let saved: Bool

    /// The page of `user`: their latest `notices`, the `holders` of their document and the `hub`
    /// (the runs of its next trips in `runs`).
    init(
        user: User, notices: [Notice], holders: [DocumentHolder], hub: AccountHub, runs: [Int64: TicketTrip], timetable: Timetable,
        showsSaved: Bool, showsHolderRemoved: Bool, text: TextLookup
    ) {
        name = user.name
        initial = user.name.first.map(String.init) ?? ""
        account = user.account
        let unread = notices.count { $0.readAt == nil }
        unreadText = unread > 0 ? text("me_hub_unread", count: unread) : nil
        hasUnpaid = !hub.unpaid.isEmpty
        unpaid = hub.unpaid.map { AccountHubViewModel.Unpaid($0, text: text) }
        hasTrips = !hub.nextTrips.isEmpty
        trips = hub.nextTrips.enumerated().map { index, ticket in
            AccountHubViewModel.Trip(
                ticket, train: runs[ticket.runID].flatMap { timetable.train(id: $0.trainID) }, isNext: index == 0,
                timetable: timetable, text: text)
        }
        let more = hub.upcomingTripCount - hub.nextTrips.count
        moreTrips = more > 0 ? text("me_hub_more_trips", count: more) : nil
        tiles = AccountHubViewModel.tiles(hub, text: text)
        details = ProfileDetailViewModel.all(of: user, text: text)
        hasNotices = !notices.isEmpty
        self.notices = notices.map { ProfileNoticeViewModel($0, text: text) }
        hasHolders = !holders.isEmpty
        self.holders = holders.map(ProfileHolderViewModel.init)
        holderRemoved = showsHolderRemoved
        saved = showsSaved
    }
}
