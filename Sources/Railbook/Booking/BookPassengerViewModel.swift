/// A saved passenger's card on the book page: a checkbox, the document, the ticket types they may
/// use on this trip (and why their saved type is not one of them; a child under 6 may also travel
/// free without a seat), their seat pick and their fare.
struct BookPassengerViewModel: Encodable {
    let id: String
    let name: String
    /// Whether the passenger travels: the account holder on a fresh page, else as sent.
    let checked: Bool
    let documentType: String
    /// The document number, masked.
    let document: String
    /// The type the passenger is saved with, in words.
    let savedType: String
    let types: [BookTicketTypeViewModel]
    /// Why the saved type cannot be used on this trip, when it cannot.
    let rule: String?
    let pick: SeatPickViewModel
    let price: String
    /// The fare in fen, counted in the page's total when `checked`.
    let priceFen: Int

    /// The card of `passenger`, who may choose among `choice`; `form` is what was sent when the page
    /// comes back (`isResubmission`), whose choices are kept.
    init(
        _ passenger: Passenger, choice: TicketRules.Choice, form: BookingForm, isResubmission: Bool, trainType: TrainType,
        pricing: BookPricing, text: TextLookup
    ) {
        let asked = isResubmission ? PassengerType(rawValue: form.ticketTypes[passenger.id] ?? "") : nil
        let type = asked.flatMap { choice.allowed.contains($0) ? $0 : nil } ?? choice.preferred
        let travelsFree = choice.travelsFree && isResubmission && form.ticketTypes[passenger.id] == BookingForm.freeChild
        let picked = pricing.pickCode(isResubmission ? form.preferences[passenger.id] ?? "" : "")
        id = String(passenger.id)
        name = passenger.name
        checked = isResubmission ? form.chosen.contains(passenger.id) : passenger.isAccountHolder
        documentType = text(passenger.certificateType.messageKey)
        document = Masking.certificate(passenger.certificateNumber)
        savedType = text(passenger.passengerType.messageKey)
        types =
            BookTicketTypeViewModel.options(choice.allowed, selected: travelsFree ? nil : type, pricing: pricing, text: text)
            + (choice.travelsFree
                ? [BookTicketTypeViewModel(value: BookingForm.freeChild, label: text("book_free_child"), selected: travelsFree, fen: 0)] : [])
        rule = choice.savedTypeRefusal?.fallbackText(text.messages, text.language)
        pick = SeatPickViewModel(
            field: "seat_\(passenger.id)", idPrefix: "seat-\(passenger.id)", picked: picked, who: passenger.name,
            trainType: trainType, pricing: pricing, text: text)
        priceFen = travelsFree ? 0 : pricing.price(type, berth: picked)
        price = Money.format(priceFen)
    }
}

/// A ticket-type option, with its price at the class fare (for the live total).
struct BookTicketTypeViewModel: Encodable {
    let value: String
    let label: String
    let selected: Bool
    let fen: Int

    /// The options of `types`, `selected` chosen.
    static func options(_ types: [PassengerType], selected: PassengerType?, pricing: BookPricing, text: TextLookup) -> [BookTicketTypeViewModel] {
        types.map { type in
            BookTicketTypeViewModel(
                value: type.rawValue, label: text(type.messageKey), selected: type == selected,
                fen: pricing.price(type, berth: ""))
        }
    }
}
