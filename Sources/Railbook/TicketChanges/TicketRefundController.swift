import HTTP
import Mustache
import Storage

/// `GET /tickets/:id/refund` shows the fee and the amount given back before the user confirms;
/// `POST /tickets/:id/refund` refunds and returns to the order. Another user's ticket is a 404.
struct TicketRefundController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway
    let events: EventBus

    func addRoutes(to group: MemberRoutes) {
        group.get("/tickets/:id/refund", use: show)
        group.post("/tickets/:id/refund", use: refund)
    }

    func show(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let owned = try OwnedTicket.load(context, from: database)
        return try render(owned, problem: nil, request, &context, status: .ok)
    }

    func refund(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let id = try context.parameters.require("id", as: Int64.self)
        do {
            let now = context.now
            let outcome = try database.write(recordingEvents: { $0?.events ?? [] }, now: now) {
                try TicketRefund.refund(ticketID: id, userID: user.id, now: now, lateRules: railway.lateRules, in: $0)
            }
            guard let outcome else { throw HTTPError(.notFound) }
            events.publish(outcome.events)
            return .redirect(to: "/orders/\(outcome.orderNumber)?refunded=1")
        } catch TicketRefund.Failure.alreadyRefunded {
            return .redirect(to: try OwnedTicket.load(context, from: database).orderHref + "?refunded=1")
        } catch let failure as TicketRefund.Failure {
            let owned = try OwnedTicket.load(context, from: database)
            return try render(owned, problem: failure, request, &context, status: .conflict)
        }
    }

    private func render(
        _ owned: OwnedTicket, problem: TicketRefund.Failure?, _ request: Request, _ context: inout MemberContext,
        status: Status
    ) throws -> Response {
        let late = try database.read { try railway.lateRules.lateness(of: owned.ticket, in: $0) }
        let page = TicketRefundPageViewModel(
            owned,
            quote: Result { () throws(TicketRefund.Failure) in
                try TicketRefund.quote(owned.ticket, now: context.now, late: late)
            }, problem: problem, late: late, timetable: railway.timetable, text: renderer.texts(context))
        return try renderer.formPage("tickets/refund", page, context: &context, status: status)
    }
}
