import HTTP
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

    /// One hot route, as a link that searches it on the first day on sale.
    struct HotRoute: Encodable {
        /// "VNP-AOH", the route's telecodes.
        let code: String
        /// Tickets booked on it recently (0 for a suggested route).
        let tickets: Int
        let from: String
        let to: String
        let label: String
        /// "480 tickets in 7 days"; nil for a suggested route.
        let ticketsText: String?
        let href: String
    }

    let form: SearchFormViewModel
    let announcements: [Notice]
    let hasAnnouncements: Bool
    let hotRoutes: [HotRoute]
    let hasHotRoutes: Bool
    /// The calendar's section (`home/_calendar`, `HomeCalendarViewModel`) as HTML, rendered once a
    /// day per language and trip (`HomeCalendarCache`).
    let calendar: MustacheValue

    /// The page with `form`, the notices shown, the hot `routes` (searched on `firstDay`, the first
    /// day on sale) and the rendered `calendar`.
    init(form: SearchFormViewModel, announcements: [Announcement], routes: [HotRoutes.Route], calendar: MustacheValue,
         timetable: Timetable, firstDay: CivilDate, text: TextLookup) {
        let language = text.language
        self.form = form
        self.announcements = announcements.map { announcement in
            let posted = ChinaTime.date(at: announcement.postedAt)
            return Notice(id: String(announcement.id), text: announcement.text.text(language), date: posted.description,
                          dateText: text("date_short", String(posted.month), String(posted.day)))
        }
        hasAnnouncements = !announcements.isEmpty
        let days = routes.contains { $0.tickets > 0 } ? text("duration_days", count: HotRoutes.days) : ""
        hotRoutes = routes.compactMap { route in
            guard let origin = timetable.station(route.originID), let destination = timetable.station(route.destinationID) else { return nil }
            let from = origin.name(in: language), to = destination.name(in: language)
            return HotRoute(
                code: origin.telecode + "-" + destination.telecode, tickets: route.tickets, from: from, to: to,
                label: text("results_route", from, to),
                ticketsText: route.tickets > 0 ? text("home_hot_tickets", count: route.tickets, days, String(route.tickets)) : nil,
                href: "/search?from=" + PercentEncoding.encode(from) + "&to=" + PercentEncoding.encode(to) + "&date=" + firstDay.description)
        }
        hasHotRoutes = !hotRoutes.isEmpty
        self.calendar = calendar
    }
}
