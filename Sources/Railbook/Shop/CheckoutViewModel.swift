/// The checkout page (`shop/checkout`): the cart's counted lines and total, and the delivery
/// choice — the user's tickets (eligible ones as radio buttons, the others with the reason) or
/// their addresses.
struct CheckoutViewModel: Encodable {
    /// What the form sent (kept when the page is shown again).
    struct Chosen {
        var ticket: String? = nil
        var address: String? = nil
        /// The coach named for the chosen ticket, when it is a standing one.
        var coach: String? = nil
    }

    /// One counted line of the cart.
    struct Line: Encodable {
        let id: String
        let name: String
        let quantity: Int
        let subtotal: String
        /// Set when the line cannot be ordered as it stands.
        let problem: String?
    }

    /// One choice of a list (`forms/_option`): an address, a coach.
    struct Option: Encodable {
        let value: String
        let label: String
        let selected: Bool
    }

    let shop: ShopViewModel
    /// Where the form posts.
    let action: String
    let shopHref: String
    let lines: [Line]
    let hasLines: Bool
    let total: String
    let totalFen: Int
    /// True for a catering or station shop (to a seat), false for a specialty shop (to an address).
    let toSeat: Bool
    let eligibleSeats: [CheckoutSeatViewModel]
    let hasEligibleSeats: Bool
    let ineligibleSeats: [CheckoutSeatViewModel]
    let hasIneligibleSeats: Bool
    let addresses: [Option]
    let hasAddresses: Bool
    /// Why the last attempt was refused, if it was.
    let alert: String?

    /// The checkout of `cart` in `shop`, offering `seats` (a catering or station shop) or
    /// `addresses` (a specialty shop), with what the form sent last (`chosen`).
    init(shop: Shop, cart: Cart?, seats: [SeatDelivery], addresses: [Address], chosen: Chosen, alert: String?, text: TextLookup) {
        let counted = cart?.countedLines ?? []
        let eligible = seats.filter(\.isEligible)
        let selectedAddress = chosen.address ?? addresses.first(where: \.isDefault).map { String($0.id) }
        self.shop = ShopViewModel(shop: shop, isCurrent: true, text: text)
        action = ShopOrderPaths.checkout(shop.code)
        shopHref = ShopPaths.shop(shop.code)
        lines = counted.map { line in
            Line(
                id: String(line.product.id), name: line.product.name.text(text.language), quantity: line.quantity,
                subtotal: Money.format(line.subtotalFen), problem: line.problem == nil ? nil : text("checkout_line_problem"))
        }
        hasLines = !counted.isEmpty
        total = Money.format(cart?.totalFen ?? 0)
        totalFen = cart?.totalFen ?? 0
        toSeat = shop.kind != .specialty
        eligibleSeats = eligible.map { option in
            let checked = chosen.ticket == String(option.ticket.id) || eligible.count == 1
            return CheckoutSeatViewModel(option, checked: checked, chosenCoach: checked ? chosen.coach : nil, text: text)
        }
        hasEligibleSeats = !eligible.isEmpty
        ineligibleSeats = seats.filter { !$0.isEligible }.map { CheckoutSeatViewModel($0, checked: false, chosenCoach: nil, text: text) }
        hasIneligibleSeats = seats.contains { !$0.isEligible }
        self.addresses = addresses.map { address in
            Option(value: String(address.id), label: address.label, selected: selectedAddress == String(address.id))
        }
        hasAddresses = !addresses.isEmpty
        self.alert = alert
    }
}
