import HTTP
import Secrets

/// Railbook Pay, the simulated payment gateway: it behaves like an outside provider, telling the
/// merchant about a payment only through a signed notification posted to `/payments/notify`.
/// The post goes through the application's full request stack in-process (no socket).
struct PaymentProvider: Sendable {
    /// Where the merchant (Railbook) receives notifications.
    static let notificationPath = "/payments/notify"
    /// What the provider sends as the remote address of its notifications.
    static let remoteAddress = "railbook-pay"

    /// The key shared with the merchant.
    let key: HMACKey
    private let deliver: @Sendable (_ target: String, _ headers: Headers, _ body: [UInt8]) -> Response

    /// A provider posting to `merchant`, held weakly (the merchant owns the provider through its routes).
    init<Merchant: HTTPResponder & AnyObject>(key: HMACKey, merchant: Merchant) {
        self.key = key
        deliver = { [weak merchant] target, headers, body in
            guard let merchant else { return Response(status: Status(code: 503, reason: "Service Unavailable")) }
            return merchant.respond(method: .post, target: target, headers: headers, body: body, remoteAddress: PaymentProvider.remoteAddress)
        }
    }

    /// Posts the signed notification that `payment` was paid at `now`; returns the merchant's answer.
    @discardableResult
    func notifyPaid(_ payment: Payment, now: Int) -> Response {
        let notification = PaymentNotification(
            reference: payment.reference, amountFen: payment.amountFen,
            status: PaymentNotification.paid, timestamp: now)
        var headers = Headers()
        headers.add("Content-Type", "application/x-www-form-urlencoded")
        let response = deliver(Self.notificationPath, headers, Array(notification.body(signedWith: key).utf8))
        if response.status != .ok {
            print("payment \(payment.id): notification answered \(response.status)")
        }
        return response
    }
}
