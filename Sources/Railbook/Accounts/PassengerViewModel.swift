import Mustache

/// One passenger as the list and the delete page show it: names in the page's language, the
/// document and mobile numbers masked.
struct PassengerViewModel {
    let id: Int64
    let name: String
    let passengerType: String
    let certificateType: String
    let maskedCertificateNumber: String
    /// Nil when no mobile number is saved.
    let maskedMobile: String?
    let isAccountHolder: Bool

    init(_ passenger: Passenger, messages: Messages, language: Language) {
        id = passenger.id
        name = passenger.name
        passengerType = messages.text(passenger.passengerType.messageKey, language)
        certificateType = messages.text(passenger.certificateType.messageKey, language)
        maskedCertificateNumber = Masking.certificate(passenger.certificateNumber)
        maskedMobile = passenger.mobile.isEmpty ? nil : Masking.mobile(passenger.mobile)
        isAccountHolder = passenger.isAccountHolder
    }

    var mustacheValue: MustacheValue {
        let path = "/me/passengers/\(id)"
        return .object([
            "id": .string(String(id)),
            "name": .string(name),
            "passengerType": .string(passengerType),
            "certificateType": .string(certificateType),
            "certificateNumber": .string(maskedCertificateNumber),
            "mobile": maskedMobile.map(MustacheValue.string) ?? .null,
            "isAccountHolder": .bool(isAccountHolder),
            "editHref": .string(path + "/edit"),
            "deleteHref": .string(path + "/delete"),
        ])
    }
}
