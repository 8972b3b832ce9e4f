import HTTP
import Secrets
import Storage

/// `/tickets/:id`: the printable e-ticket with its QR code; `/tickets/:id/calendar.ics`: the trip
/// as a calendar event. Only the owner sees a ticket; any other id is a 404.
struct TicketController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway
    /// Signs the references in the QR codes.
    let key: HMACKey

    func addRoutes(to group: MemberRoutes) {
        group.get("/tickets/:id", use: show)
        group.get("/tickets/:id/calendar.ics", use: calendar)
    }

    func show(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let (ticket, order, runs) = try load(context)
        let (carried, seatChange) = try database.read { db in
            (
                try CarriedChild.byTicket(orderID: order.id, in: db)[ticket.id],
                try OrderSeatChange.of(orderID: order.id, timetable: railway.timetable, in: db)
            )
        }
        let page = TicketPageViewModel(
            ticket, order: order, carried: carried, runs: runs, key: key, seatChange: seatChange, timetable: railway.timetable,
            text: renderer.texts(context))
        return try renderer.page("tickets/ticket", page, context: context)
    }

    /// The trip of an issued ticket as an iCalendar file to download; other tickets are a 404.
    func calendar(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let (ticket, order, runs) = try load(context)
        guard ticket.status == .issued, let trip = runs[ticket.runID], let train = railway.timetable.train(id: trip.trainID),
            train.stops.indices.contains(ticket.fromSequence), train.stops.indices.contains(ticket.toSequence),
            let origin = railway.timetable.station(train.stops[ticket.fromSequence].stationID),
            let destination = railway.timetable.station(train.stops[ticket.toSequence].stationID)
        else {
            throw HTTPError(.notFound)
        }
        let seatText = ticket.seatText(renderer.messages, context.language)
        let file = CalendarFile(
            event: .init(
                uid: "railbook-ticket-\(ticket.id)@railbook", stamp: context.now, start: ticket.departsAt, end: ticket.arrivesAt,
                summary: "\(train.number) \(origin.name(in: context.language)) → \(destination.name(in: context.language))",
                location: origin.name(in: context.language),
                description: renderer.messages.text(
                    "eticket_calendar_description", context.language,
                    arguments: [seatText, renderer.text(ticket.seatClass.messageKey, context), order.number])))
        var headers = Headers()
        headers.add("Content-Type", "text/calendar; charset=utf-8")
        headers.add("Content-Disposition", "attachment; filename=\"railbook-\(ticket.id).ics\"")
        headers.add("Cache-Control", "no-store")
        return Response(status: .ok, headers: headers, body: Array(file.text.utf8))
    }

    /// The user's ticket named by the path, its order and run; 404 for anything else.
    private func load(_ context: MemberContext) throws -> (Ticket, Order, [Int64: TicketTrip]) {
        let user = context.user
        let id = try context.parameters.require("id", as: Int64.self)
        return try database.read { db in
            guard let ticket = try Ticket.find(id: id, userID: user.id, in: db),
                let order = try Order.find(id: ticket.orderID, in: db)
            else { throw HTTPError(.notFound) }
            return (ticket, order, try TicketTrip.runs(of: [ticket], timetable: railway.timetable, running: railway.running, in: db))
        }
    }
}
