/// One of the user's tickets on the checkout page: eligible ones as a radio button (a standing
/// ticket with its coaches to choose from), the others with the reason they cannot take the order.
struct CheckoutSeatViewModel: Encodable {
    /// The ticket's id, the radio button's value.
    let id: String
    let train: String
    let date: String
    let coach: String
    /// "Coach 05, seat 12F" or "Standing".
    let seat: String
    let seatCode: String
    let passenger: String
    let checked: Bool
    /// "Orders close at 2026-12-03 06:00"; nil when the shop does not serve the train.
    let closes: String?
    /// The name of the coach field of a standing ticket (`coach_<ticket id>`); nil for a seat.
    let coachField: String?
    /// The coaches a standing ticket's passenger may stand in, after "choose a coach"; nil for a seat.
    let coaches: [CheckoutViewModel.Option]?
    /// Why the ticket cannot take the order, in words; nil when it can.
    let reason: String?
    /// The same as a code (`too_late`…), for `data-refusal`.
    let refusal: String?

    /// `option` as the page lists it; `chosenCoach` is the coach the form sent for it, if any.
    init(_ option: SeatDelivery, checked: Bool, chosenCoach: String?, text: TextLookup) {
        id = String(option.ticket.id)
        train = option.trainNumber
        date = option.travelDate.description
        coach = option.ticket.coachText
        seat = option.ticket.seatText(text.messages, text.language)
        seatCode = option.ticket.seatCode
        passenger = option.ticket.passengerName
        self.checked = checked
        closes = option.closesAt.map { text("checkout_closes_at", WaitlistViewModel.dateTime($0)) }
        if option.standingCoaches.isEmpty {
            coachField = nil
            coaches = nil
        } else {
            coachField = "coach_\(option.ticket.id)"
            let chosen = chosenCoach.flatMap { Int($0) }
            coaches =
                [CheckoutViewModel.Option(value: "", label: text("checkout_coach_choose"), selected: false)]
                + option.standingCoaches.map { number in
                    let coach = Ticket.coachText(number)
                    return CheckoutViewModel.Option(value: coach, label: text("checkout_coach_option", coach), selected: chosen == number)
                }
        }
        reason = option.refusal.map { text($0.messageKey) }
        refusal = option.refusal?.rawValue
    }
}
