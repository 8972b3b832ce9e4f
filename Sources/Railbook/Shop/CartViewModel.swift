import HTTP
import Mustache

/// A cart as the `shop/_cart` partial draws it: each line with its forms, zero lines flagged (struck
/// through, left out of the total), the total and the number of pieces. An absent cart is empty.
struct CartViewModel {
    let cart: Cart?
    let shop: Shop
    let messages: Messages
    let language: Language

    /// The value the templates read.
    var mustacheValue: MustacheValue {
        let lines = cart?.lines ?? []
        let count = cart?.itemCount ?? 0
        return .object([
            "shopCode": .string(shop.code),
            "shopName": .string(shop.name.text(language)),
            "action": .string(ShopPaths.shop(shop.code) + "/cart"),
            "lines": .list(lines.map(line)),
            "hasLines": .bool(!lines.isEmpty),
            "hasZeroLines": .bool(lines.contains { !$0.isCounted }),
            "count": .int(count),
            "countText": .string(messages.text("cart_count", language, String(count))),
            "total": .string(Money.format(cart?.totalFen ?? 0)),
            "totalFen": .int(cart?.totalFen ?? 0),
            "canCheckout": .bool(!(cart?.countedLines.isEmpty ?? true)),
            "checkoutHref": .string(ShopOrderPaths.checkout(shop.code)),
            "checkoutLoginHref": .string("/login?next=" + PercentEncoding.encode(ShopOrderPaths.checkout(shop.code))),
        ])
    }

    private func line(_ line: CartLine) -> MustacheValue {
        let name = line.product.name.text(language)
        var object: MustacheObject = [
            "id": .string(String(line.product.id)),
            "name": .string(name),
            "href": .string(ShopPaths.product(line.product.id, shop: shop.code)),
            "quantity": .int(line.quantity),
            "isZero": .bool(!line.isCounted),
            "unitPrice": .string(messages.text("cart_unit_price", language, Money.format(line.product.priceFen))),
            "subtotal": .string(Money.format(line.subtotalFen)),
            "subtotalFen": .int(line.subtotalFen),
            "decreaseLabel": .string(messages.text("cart_decrease_label", language, name)),
            "increaseLabel": .string(messages.text("cart_increase_label", language, name)),
            "removeLabel": .string(messages.text("cart_remove_label", language, name)),
            "canIncrease": .bool(line.product.canBeAdded && line.quantity < min(line.product.stock, Cart.maximumQuantity)),
        ]
        if let problem = line.problem { object["problem"] = .string(text(problem)) }
        return .object(object)
    }

    private func text(_ problem: CartLine.Problem) -> String {
        switch problem {
        case .unavailable: messages.text("cart_problem_unavailable", language)
        case .soldOut: messages.text("cart_problem_sold_out", language)
        case .overStock(let left): messages.text("cart_problem_over_stock", language, String(left))
        }
    }
}
