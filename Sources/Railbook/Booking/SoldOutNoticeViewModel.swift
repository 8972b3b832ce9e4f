import Mustache

/// What the book page says, as it opens, when its class has nothing to sell on the stretch: why,
/// and what the traveller can do instead — join the waitlist (seats and berths; never standing, as
/// on the results page), book another class the train still sells there (standing too once it is
/// on sale), or look at the other trains of the day.
struct SoldOutNoticeViewModel {
    let renderer: PageRenderer
    let context: AppContext
    let leg: RunLeg
    let seatClass: SeatClass
    /// The stretch's ends as the page was asked for them (telecodes).
    let fromCode: String
    let toCode: String

    /// The notice's values, or nil while the class is on sale.
    func value(_ availability: ClassAvailability) -> MustacheValue? {
        let stretch = "run=\(leg.runID)&from=\(fromCode)&to=\(toCode)"
        let reason: String
        switch availability.state {
        case .onSale: return nil
        case .soldOut: reason = "book_sold_out"
        case .standingNotYet: reason = "booking_error_standing_seats_left"
        case .standingSoldOut: reason = "book_standing_sold_out"
        }
        return .object([
            "text": .string(text(reason)),
            "waitlist": availability.state == .soldOut ? .string("/waitlist/new?\(stretch)&class=\(seatClass.rawValue)") : .null,
            "instead": .list(availability.alternatives.map { offer in
                .object(["code": .string(offer.seatClass.rawValue), "href": .string("/book?\(stretch)&class=\(offer.seatClass.rawValue)"),
                         "label": .string(text("book_sold_out_instead", [text(offer.seatClass.messageKey), Money.format(offer.priceFen)]))])
            }),
            "otherTrains": .string("/search?from=\(fromCode)&to=\(toCode)&date=\(leg.travelDate)"),
        ])
    }

    private func text(_ key: String, _ arguments: [String] = []) -> String {
        renderer.messages.text(key, context.language, arguments: arguments)
    }
}
