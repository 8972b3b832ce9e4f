import HTTP
import Storage

/// One ticket of the logged-in user with its order and run, as the refund and change pages show it.
struct OwnedTicket {
    let ticket: Ticket
    let order: Order
    let runs: [Int64: TicketTrip]

    /// Ticket `:id` of the current user; any other id (not a number, unknown, someone else's) is a 404.
    static func load(_ context: MemberContext, from database: DatabasePool) throws -> OwnedTicket {
        let user = context.user
        let id = try context.parameters.require("id", as: Int64.self)
        return try database.read { db in
            guard let ticket = try Ticket.find(id: id, userID: user.id, in: db),
                let order = try Order.find(id: ticket.orderID, in: db)
            else { throw HTTPError(.notFound) }
            return OwnedTicket(ticket: ticket, order: order, runs: try TicketTrip.runs(of: [ticket], in: db))
        }
    }

    /// The ticket as the order page shows it (train, date, stations, seat, passenger, price).
    func summary(timetable: Timetable, text: TextLookup) -> OrderTicketViewModel {
        OrderTicketViewModel(ticket, runs: runs, timetable: timetable, text: text)
    }

    /// The order page the refund and change pages return to.
    var orderHref: String { "/orders/" + order.number }
}
