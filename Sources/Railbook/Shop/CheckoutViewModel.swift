import Mustache

/// The checkout page: the cart's counted lines and total, and the delivery choice — the user's
/// tickets (eligible ones as radio buttons, the others with the reason) or their addresses.
struct CheckoutViewModel {
    /// What the form sent (kept when the page is shown again).
    struct Chosen {
        var ticket: String? = nil
        var address: String? = nil
        /// The coach named for the chosen ticket, when it is a standing one.
        var coach: String? = nil
    }

    let shop: Shop
    let cart: Cart?
    let seats: [SeatDelivery]
    let addresses: [Address]
    let chosen: Chosen
    let alert: String?
    let messages: Messages
    let language: Language

    /// The values the template reads.
    var values: MustacheObject {
        let lines = cart?.countedLines ?? []
        let eligible = seats.filter(\.isEligible)
        let selectedAddress = chosen.address ?? addresses.first(where: \.isDefault).map { String($0.id) }
        return [
            "shop": ShopViewModel(shop: shop, messages: messages, language: language, isCurrent: true).mustacheValue,
            "action": .string(ShopOrderPaths.checkout(shop.code)),
            "shopHref": .string(ShopPaths.shop(shop.code)),
            "lines": .list(lines.map(line)),
            "hasLines": .bool(!lines.isEmpty),
            "total": .string(Money.format(cart?.totalFen ?? 0)),
            "totalFen": .int(cart?.totalFen ?? 0),
            "toSeat": .bool(shop.kind != .specialty),
            "eligibleSeats": .list(eligible.map { seat($0, checked: chosen.ticket == String($0.ticket.id) || eligible.count == 1) }),
            "hasEligibleSeats": .bool(!eligible.isEmpty),
            "ineligibleSeats": .list(seats.filter { !$0.isEligible }.map { seat($0, checked: false) }),
            "hasIneligibleSeats": .bool(seats.contains { !$0.isEligible }),
            "addresses": .list(addresses.map { address in
                .object(["value": .string(String(address.id)), "label": .string(address.label),
                         "selected": .bool(selectedAddress == String(address.id))])
            }),
            "hasAddresses": .bool(!addresses.isEmpty),
            "alert": alert.map(MustacheValue.string) ?? .null,
        ]
    }

    private func line(_ line: CartLine) -> MustacheValue {
        .object([
            "id": .string(String(line.product.id)),
            "name": .string(line.product.name.text(language)),
            "quantity": .int(line.quantity),
            "subtotal": .string(Money.format(line.subtotalFen)),
            "problem": line.problem == nil ? .null : .string(messages.text("checkout_line_problem", language)),
        ])
    }

    /// The standing ticket's coaches to choose from, after an empty "choose a coach".
    private func coachOptions(_ option: SeatDelivery, chosen: String?) -> [MustacheValue] {
        let choose = MustacheValue.object(["value": .string(""), "label": .string(messages.text("checkout_coach_choose", language)),
                                           "selected": .bool(false)])
        return [choose] + option.standingCoaches.map { number in
            let text = Ticket.coachText(number)
            return .object(["value": .string(text), "label": .string(messages.text("checkout_coach_option", language, text)),
                            "selected": .bool(chosen.flatMap { Int($0) } == number)])
        }
    }

    private func seat(_ option: SeatDelivery, checked: Bool) -> MustacheValue {
        var object: MustacheObject = [
            "id": .string(String(option.ticket.id)),
            "train": .string(option.trainNumber),
            "date": .string(option.travelDate.description),
            "coach": .string(option.ticket.coachText),
            "seat": .string(option.ticket.seatText(messages, language)),
            "seatCode": .string(option.ticket.seatCode),
            "passenger": .string(option.ticket.passengerName),
            "checked": .bool(checked),
        ]
        if let closesAt = option.closesAt {
            object["closes"] = .string(messages.text("checkout_closes_at", language, WaitlistViewModel.dateTime(closesAt)))
        }
        if !option.standingCoaches.isEmpty {
            object["coachField"] = .string("coach_\(option.ticket.id)")
            object["coaches"] = .list(coachOptions(option, chosen: checked ? chosen.coach : nil))
        }
        if let refusal = option.refusal {
            object["reason"] = .string(messages.text(refusal.messageKey, language))
            object["refusal"] = .string(refusal.rawValue)
        }
        return .object(object)
    }
}
