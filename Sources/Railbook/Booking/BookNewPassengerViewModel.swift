/// The book page's "add a passenger" fields: what was typed (defaults on a fresh page), the
/// messages of the fields that were wrong, and the seat pick.
struct BookNewPassengerViewModel: Encodable {
    let name: String
    let certificateNumber: String
    let types: [BookTicketTypeViewModel]
    let certificates: [BookOptionViewModel]
    let pick: SeatPickViewModel
    /// Whether the fields are shown open: a name was typed, or a field was wrong.
    let isOpen: Bool
    let nameError: String?
    let certificateTypeError: String?
    let certificateNumberError: String?
    let typeError: String?
    /// The fare of their ticket when a name was typed (it counts in the page's total), else nil.
    let priceFen: Int?

    /// The fields as `form` sent them when the page comes back (`isResubmission`), with `errors` by
    /// field of the passenger form (`name`, `certificate_number`…).
    init(form: BookingForm, errors: FormErrors, isResubmission: Bool, trainType: TrainType, pricing: BookPricing, text: TextLookup) {
        let typed = form.typedPassenger
        let type = isResubmission ? PassengerType(rawValue: typed.passengerType) ?? .adult : .adult
        let certificate = isResubmission && CertificateType(rawValue: typed.certificateType) != nil ? typed.certificateType : "resident_id"
        let picked = pricing.pickCode(isResubmission ? typed.seat : "")
        let isTyped = isResubmission && !typed.name.trimmed.isEmpty
        name = isResubmission ? typed.name : ""
        certificateNumber = isResubmission ? typed.certificateNumber : ""
        types = BookTicketTypeViewModel.options(PassengerType.allCases, selected: type, pricing: pricing, text: text)
        certificates = CertificateType.allCases.map { type in
            BookOptionViewModel(value: type.rawValue, label: text(type.messageKey), selected: type.rawValue == certificate)
        }
        pick = SeatPickViewModel(
            field: "new_seat", idPrefix: "new-seat", picked: picked, who: text("book_new_passenger"), trainType: trainType,
            pricing: pricing, text: text)
        isOpen = isTyped || !errors.isEmpty
        nameError = errors["name"].map { text($0) }
        certificateTypeError = errors["certificate_type"].map { text($0) }
        certificateNumberError = errors["certificate_number"].map { text($0) }
        typeError = errors["passenger_type"].map { text($0) }
        priceFen = isTyped ? pricing.price(type, berth: picked) : nil
    }
}
