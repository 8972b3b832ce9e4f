import HTTP
import Mustache

/// The home page (`home/index`): the trip search form with the recent searches, the notices from
/// the administrators, the hot routes, and this month's calendar (for the latest search's trip, so
/// its days on sale link to that search).
struct HomePageViewModel: MustacheRenderable {
    let form: MustacheValue
    let announcements: [Announcement]
    let hotRoutes: [HotRoutes.Route]
    /// The values of the calendar's month grid.
    let calendar: MustacheObject
    /// The calendar page of the same month and trip.
    let calendarHref: String
    let timetable: Timetable
    /// The first day on sale, which the hot routes search.
    let firstDay: CivilDate
    let renderer: PageRenderer
    let context: AppContext

    var mustacheValue: MustacheValue {
        let language = context.language
        let routes: [MustacheValue] = hotRoutes.compactMap { route in
            guard let origin = timetable.station(route.originID), let destination = timetable.station(route.destinationID) else { return nil }
            let from = origin.name(in: language), to = destination.name(in: language)
            return .object([
                "code": .string(origin.telecode + "-" + destination.telecode), "tickets": .int(route.tickets),
                "from": .string(from), "to": .string(to),
                "label": .string(renderer.messages.text("results_route", language, arguments: [from, to])),
                "ticketsText": route.tickets > 0
                    ? .string(renderer.messages.text("home_hot_tickets", language, count: route.tickets, arguments: [
                        renderer.messages.text("duration_days", language, count: HotRoutes.days), String(route.tickets)])) : .null,
                "href": .string("/search?from=" + PercentEncoding.encode(from) + "&to=" + PercentEncoding.encode(to) + "&date=" + firstDay.description),
            ])
        }
        return .object([
            "form": form,
            "announcements": .list(announcements.map { announcement in
                .object([
                    "id": .string(String(announcement.id)), "text": .string(announcement.text.text(language)),
                    "date": .string(ChinaTime.date(at: announcement.postedAt).description),
                    "dateText": .string(renderer.messages.text("date_short", language, arguments: [
                        String(ChinaTime.date(at: announcement.postedAt).month), String(ChinaTime.date(at: announcement.postedAt).day)])),
                ])
            }),
            "hasAnnouncements": .bool(!announcements.isEmpty),
            "hotRoutes": .list(routes), "hasHotRoutes": .bool(!routes.isEmpty),
            "calendar": .object(calendar), "calendarHref": .string(calendarHref),
        ])
    }
}
