import HTTP

/// The home page's hot routes (`home/_hot_routes`), rendered on its own and kept as HTML
/// (`HotRoutesCache`): each route as a link that searches it on the first day on sale.
struct HomeHotRoutesViewModel: Encodable {
    /// One hot route.
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

    let hotRoutes: [HotRoute]
    let hasHotRoutes: Bool

    /// The hot `routes`, searched on `firstDay`, the first day on sale.
    init(_ routes: [HotRoutes.Route], timetable: Timetable, firstDay: CivilDate, text: TextLookup) {
        let language = text.language
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
    }
}
