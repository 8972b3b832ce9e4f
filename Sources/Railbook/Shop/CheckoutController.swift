import HTTP
import Storage

/// `/shop/:code/checkout`: the cart's summary and where to deliver (a seat of one of the user's
/// eligible tickets for catering and station shops — field `ticket`, and for a standing ticket the
/// coach its passenger stands in, field `coach_<ticket id>`; one of their addresses for
/// specialty shops — field `address`). The POST places the order in one write transaction (stock
/// taken, order and lines written, cart emptied, payment started) and answers 303 to the provider
/// page; any refusal re-renders the page with its reason and nothing changed. Unknown shops are a 404.
struct CheckoutController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway
    let deadlines: Deadlines

    func addRoutes(to group: MemberRoutes) {
        group.get("/shop/:code/checkout", use: show)
        group.post("/shop/:code/checkout", use: place)
    }

    func show(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let shop = try load(context)
        return try render(shop, chosen: CheckoutViewModel.Chosen(), alert: nil, request, &context, status: .ok)
    }

    func place(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let shop = try load(context)
        let user = context.user
        let chosen = CheckoutViewModel.Chosen(
            ticket: request.form["ticket"], address: request.form["address"],
            coach: request.form["ticket"].flatMap { request.form["coach_" + $0] })
        let now = context.now
        let timetable = railway.timetable
        let key = try FormKey.sent(in: request.form)
        do {
            let sending = try FormAnswer.write(key, userID: user.id, now: now, to: database, answer: { $0 }) { db in
                let delivery = try choice(shop, chosen, userID: user.id, now: now, timetable: timetable, in: db)
                let placed = try Checkout.place(shop: shop, userID: user.id, delivery: delivery, now: now, holdSeconds: deadlines.holdSeconds, in: db)
                return PaymentStarter.checkoutPath(placed.paymentReference)
            }
            switch sending {
            case .answeredBefore(let location): return .redirect(to: location)
            case .done(let checkout): return .redirect(to: checkout)
            }
        } catch let refusal as CheckoutError {
            return try render(
                shop, chosen: chosen, alert: message(refusal, renderer.texts(context)), request, &context,
                status: .unprocessableContent)
        }
    }

    /// The delivery the form asks for, checked against the user's own tickets or addresses.
    private func choice(
        _ shop: Shop, _ chosen: CheckoutViewModel.Chosen, userID: Int64, now: Int, timetable: Timetable,
        in db: Database
    ) throws -> ShopDeliveryChoice {
        if shop.kind == .specialty {
            guard let id = chosen.address.flatMap({ Int64($0) }), let address = try Address.find(id: id, userID: userID, in: db) else {
                throw CheckoutError.noDelivery
            }
            return .address(address)
        }
        guard let id = chosen.ticket.flatMap({ Int64($0) }),
            let option = try SeatDelivery.option(ticketID: id, for: shop, userID: userID, now: now, timetable: timetable, in: db)
        else {
            throw CheckoutError.noDelivery
        }
        if let refusal = option.refusal { throw CheckoutError.seat(refusal) }
        guard option.ticket.isStanding else { return .seat(option) }
        guard let coach = chosen.coach.flatMap({ Int($0) }), option.standingCoaches.contains(coach) else { throw CheckoutError.noCoach }
        return .standing(option, coach: coach)
    }

    private func render(
        _ shop: Shop, chosen: CheckoutViewModel.Chosen, alert: String?, _ request: Request,
        _ context: inout MemberContext, status: Status
    ) throws -> Response {
        let user = context.user
        let now = context.now
        let timetable = railway.timetable
        let (cart, seats, addresses) = try database.read { db in
            (
                try Cart.find(shopID: shop.id, owner: .user(user.id), in: db),
                shop.kind == .specialty ? [] : try SeatDelivery.options(for: shop, userID: user.id, now: now, timetable: timetable, in: db),
                shop.kind == .specialty ? try Address.list(for: user.id, in: db) : []
            )
        }
        context.cartSummary = CartSummary(shopCode: shop.code, itemCount: cart?.itemCount ?? 0)
        let page = CheckoutViewModel(
            shop: shop, cart: cart, seats: seats, addresses: addresses, chosen: chosen, alert: alert,
            text: renderer.texts(context))
        return try renderer.formPage("shop/checkout", page, context: &context, status: status)
    }

    private func message(_ refusal: CheckoutError, _ text: TextLookup) -> String {
        switch refusal {
        case .emptyCart: text("checkout_error_empty_cart")
        case .shopClosed: text("checkout_error_shop_closed")
        case .noDelivery: text("checkout_error_no_delivery")
        case .noCoach: text("checkout_error_no_coach")
        case .seat(let reason): text(reason.messageKey)
        case .unavailable(let name): text("checkout_error_unavailable", name.text(text.language))
        case .outOfStock(let name): text("checkout_error_out_of_stock", name.text(text.language))
        }
    }

    private func load(_ context: MemberContext) throws -> Shop {
        guard let shop = try database.read({ try Shop.find(code: try context.parameters.require("code"), in: $0) }) else {
            throw HTTPError(.notFound)
        }
        return shop
    }
}
