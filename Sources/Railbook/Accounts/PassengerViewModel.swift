import Mustache

/// One passenger as the list and the delete page show it: names in the page's language, the
/// document and mobile numbers masked.
struct PassengerViewModel: MustacheRenderable {
    let id: Int64
    let name: String
    let passengerType: String
    let certificateType: String
    let maskedCertificateNumber: String
    /// Nil when no mobile number is saved.
    let maskedMobile: String?
    let isAccountHolder: Bool
    /// The saved birth date (documents without one), or nil.
    let birthDate: String?
    /// School, enrolment year and the two cities in one line, or nil when no student details are saved.
    let student: String?

    init(_ passenger: Passenger, messages: Messages, language: Language) {
        id = passenger.id
        name = passenger.name
        passengerType = messages.text(passenger.passengerType.messageKey, language)
        certificateType = messages.text(passenger.certificateType.messageKey, language)
        maskedCertificateNumber = Masking.certificate(passenger.certificateNumber)
        maskedMobile = passenger.mobile.isEmpty ? nil : Masking.mobile(passenger.mobile)
        isAccountHolder = passenger.isAccountHolder
        birthDate = passenger.savedBirthDate?.description
        student = passenger.student.map { details in
            messages.text("passenger_student_summary", language,
                          arguments: [details.school, String(details.enrolmentYear), details.homeCity, details.schoolCity])
        }
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
            "birthDate": birthDate.map(MustacheValue.string) ?? .null,
            "student": student.map(MustacheValue.string) ?? .null,
            "editHref": .string(path + "/edit"),
            "deleteHref": .string(path + "/delete"),
        ])
    }
}
