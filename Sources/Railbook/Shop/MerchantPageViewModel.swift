import Mustache

/// The merchant's desk (`shop/merchant`): paid orders waiting for an answer, accepted ones waiting
/// for delivery (each saying from when it can be delivered, while that is still ahead), and the
/// notice or problem of the last action.
struct MerchantPageViewModel: MustacheRenderable {
    /// An accepted order and, when it cannot be delivered yet, from when it can.
    struct Accepted {
        let order: ShopOrderViewModel
        let deliverableFrom: String?
    }

    let waiting: [ShopOrderViewModel]
    let accepted: [Accepted]
    let notice: String?
    let problem: String?

    var mustacheValue: MustacheValue {
        .object([
            "waiting": waiting.mustacheValue, "hasWaiting": .bool(!waiting.isEmpty),
            "accepted": .list(accepted.map { entry in
                guard case .object(var fields) = entry.order.mustacheValue, let from = entry.deliverableFrom else {
                    return entry.order.mustacheValue
                }
                fields["deliverableFrom"] = .string(from)
                return .object(fields)
            }),
            "hasAccepted": .bool(!accepted.isEmpty),
            "notice": notice.map(MustacheValue.string) ?? .null,
            "problem": problem.map(MustacheValue.string) ?? .null,
        ])
    }
}
