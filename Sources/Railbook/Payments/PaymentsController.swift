import HTTP
import Secrets
import Storage

/// The merchant side of payments: `POST /orders/:number/pay` starts (or resumes) the payment of
/// an unpaid order and sends the payer to the provider; `POST /payments/notify` receives the
/// provider's signed notification (no CSRF token: the signature authenticates it).
struct PaymentsController {
    let database: DatabasePool
    let purposes: PaymentPurposes
    let events: EventBus
    let key: HMACKey
    /// Names what a payment was for in the notice to its payer (numbers only, so any language does).
    let wording: PaymentWording

    func addRoutes(members: MemberRoutes, router: RouteGroup<AppContext>) {
        members.post("/orders/:number/pay", use: pay)
        router.post(PaymentProvider.notificationPath, use: notify)
    }

    func pay(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let number = try context.parameters.require("number")
        let now = context.now
        let (order, reference) = try database.write { db -> (Order, String?) in
            guard let order = try Order.find(number: number, userID: user.id, in: db) else { throw HTTPError(.notFound) }
            guard order.status == .unpaid, now < order.payDeadline else { return (order, nil) }
            let reference = try PaymentStarter.start(
                purpose: .ticketOrder, subjectID: order.id, amountFen: order.totalFen, userID: user.id,
                returnTo: "/orders/" + order.number, now: now, in: db)
            return (order, reference)
        }
        guard let reference else { return .redirect(to: "/orders/\(order.number)?payment=closed") }
        return .redirect(to: PaymentStarter.checkoutPath(reference))
    }

    func notify(_ request: Request, _ context: inout AppContext) throws -> Response {
        guard let notification = PaymentNotification(form: request.form) else { return .text("malformed notification", status: .badRequest) }
        guard let signature = request.form["signature"], notification.isSigned(signature, with: key) else {
            return .text("bad signature", status: .forbidden)
        }
        let now = context.now
        guard notification.isFresh(now: now) else { return .text("stale notification", status: .forbidden) }
        guard notification.status == PaymentNotification.paid else { return .text("unsupported status", status: .badRequest) }
        let result = try database.write(recordingEvents: \.events, now: now) {
            try PaymentSettlement.settle(notification, purposes: purposes, wording: wording, now: now, in: $0)
        }
        switch result {
        case .unknownReference: return .text("unknown payment", status: .forbidden)
        case .amountMismatch: return .text("amount mismatch", status: .badRequest)
        case .alreadyProcessed: return .text("already processed")
        case .accepted(let published):
            events.publish(published)
            return .text("ok")
        case .refunded(let reason): return .text("refunded: " + reason)
        }
    }
}
