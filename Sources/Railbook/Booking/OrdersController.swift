import HTTP
import Mustache
import Storage

/// `/orders/:number`: one order with its tickets, the time left to pay and what can be done next;
/// `POST /orders/:number/cancel` cancels an unpaid order. Another user's order is a 404.
struct OrdersController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway
    let events: EventBus

    func addRoutes(to group: MemberRoutes) {
        group.get("/orders/:number", use: show)
        group.post("/orders/:number/cancel", use: cancel)
    }

    func show(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let (order, tickets) = try load(context)
        let timetable = railway.timetable
        let (runs, payment, money, connection, carried, seatChange) = try database.read { db in
            (
                try TicketTrip.runs(of: tickets, timetable: timetable, running: railway.running, in: db),
                try Payment.latest(purpose: .ticketOrder, subjectID: order.id, in: db),
                try OrderMoney.load(order, tickets: tickets, in: db),
                try OrderConnection.of(orderID: order.id, timetable: timetable, in: db),
                try CarriedChild.byTicket(orderID: order.id, in: db),
                try OrderSeatChange.of(orderID: order.id, tickets: tickets, timetable: timetable, in: db)
            )
        }
        let shown = OrderShowPageViewModel(
            order, tickets: tickets, carried: carried, runs: runs, money: money, payment: payment, query: request.query,
            now: context.now, connection: connection, seatChange: seatChange, timetable: timetable, text: renderer.texts(context))
        return try renderer.formPage("booking/order", shown, context: &context)
    }

    func cancel(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let (order, _) = try load(context)
        let now = context.now
        let published = try database.write(recordingEvents: { $0 ?? [] }, now: now) { try OrderLifecycle.cancel(order, now: now, in: $0) }
        guard let published else { return .redirect(to: "/orders/" + order.number) }
        events.publish(published)
        return .redirect(to: "/orders/\(order.number)?cancelled=1")
    }

    private func load(_ context: MemberContext) throws -> (Order, [Ticket]) {
        let user = context.user
        let number = try context.parameters.require("number")
        return try database.read { db in
            guard let order = try Order.find(number: number, userID: user.id, in: db) else { throw HTTPError(.notFound) }
            return (order, try Ticket.all(orderID: order.id, in: db))
        }
    }
}
