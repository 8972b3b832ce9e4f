import Storage

/// The issued tickets of a paid order as a mail lists them — train, date and time, stations,
/// seat, passenger — and as calendar events, one per ticket.
struct MailTrips {
    /// One line per ticket.
    private(set) var lines: [String] = []
    private var events: [CalendarFile.Event] = []

    init(orderNumber: String, railway: Railway, text: TextLookup, in db: Database) throws {
        guard let order = try Order.find(number: orderNumber, in: db) else { return }
        let tickets = try Ticket.all(orderID: order.id, in: db).filter { $0.status == .issued }
        let runs = try TicketTrip.runs(of: tickets, in: db)
        let timetable = railway.timetable
        for ticket in tickets {
            guard let trip = runs[ticket.runID], let train = timetable.train(id: trip.trainID),
                train.stops.indices.contains(ticket.fromSequence), train.stops.indices.contains(ticket.toSequence),
                let origin = timetable.station(train.stops[ticket.fromSequence].stationID),
                let destination = timetable.station(train.stops[ticket.toSequence].stationID)
            else { continue }
            let from = origin.name(in: text.language), to = destination.name(in: text.language)
            let seat = ticket.seatText(text.messages, text.language)
            lines.append(
                text(
                    "mail_ticket_line", train.number, ChinaMoment(ticket.departsAt).text, from, to, text(ticket.seatClass.messageKey), seat,
                    ticket.passengerName))
            events.append(
                .init(
                    uid: "railbook-ticket-\(ticket.id)@railbook", stamp: 0, start: ticket.departsAt, end: ticket.arrivesAt,
                    summary: "\(train.number) \(from) → \(to)", location: from,
                    description: text("eticket_calendar_description", seat, text(ticket.seatClass.messageKey), order.number)))
        }
    }

    /// The trips as an iCalendar file stamped `now`, or nil when there are none.
    func calendar(now: Int) -> [UInt8]? {
        guard !events.isEmpty else { return nil }
        let stamped = events.map {
            CalendarFile.Event(
                uid: $0.uid, stamp: now, start: $0.start, end: $0.end, summary: $0.summary, location: $0.location, description: $0.description)
        }
        return Array(CalendarFile(events: stamped).text.utf8)
    }
}
