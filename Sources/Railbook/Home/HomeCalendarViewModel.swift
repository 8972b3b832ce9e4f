/// The home page's calendar section (`home/_calendar`), rendered on its own and kept as HTML
/// (`HomeCalendarCache`): the month and the link to the calendar page of the same month and trip.
struct HomeCalendarViewModel: Encodable {
    let calendar: CalendarViewModel
    let calendarHref: String
}
