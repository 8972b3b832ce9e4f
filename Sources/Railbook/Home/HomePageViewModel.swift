import Mustache

/// The home page (`home/index`): the trip search form with the recent searches, the notices from
/// the administrators, the hot routes, and this month's calendar (for the latest search's trip, so
/// its days on sale link to that search).
struct HomePageViewModel: Encodable {
    /// One notice from the administrators, with the day it was posted.
    struct Notice: Encodable {
        let id: String
        let text: String
        /// The day posted, for `<time datetime>`.
        let date: String
        let dateText: String
    }

    let form: SearchFormViewModel
    let announcements: [Notice]
    let hasAnnouncements: Bool
    /// The hot routes' section (`home/_hot_routes`, `HomeHotRoutesViewModel`) as HTML, rendered
    /// once per count, language and first day on sale (`HotRoutesCache`).
    let hotRoutes: MustacheValue
    /// The calendar's section (`home/_calendar`, `HomeCalendarViewModel`) as HTML, rendered once a
    /// day per language and trip (`HomeCalendarCache`).
    let calendar: MustacheValue

    /// The page with `form`, the notices shown and the rendered sections of the hot routes and the calendar.
    init(form: SearchFormViewModel, announcements: [Announcement], hotRoutes: MustacheValue, calendar: MustacheValue, text: TextLookup) {
        let language = text.language
        self.form = form
        self.announcements = announcements.map { announcement in
            let posted = ChinaTime.date(at: announcement.postedAt)
            return Notice(
                id: String(announcement.id), text: announcement.text.text(language), date: posted.description,
                dateText: text("date_short", String(posted.month), String(posted.day)))
        }
        hasAnnouncements = !announcements.isEmpty
        self.hotRoutes = hotRoutes
        self.calendar = calendar
    }
}
