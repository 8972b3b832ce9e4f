/// One passenger as the list and the delete page show it: names in the page's language, the
/// document and mobile numbers masked.
struct PassengerViewModel: Encodable {
    let id: String
    let name: String
    /// Adult, child or student, in words.
    let passengerType: String
    let certificateType: String
    /// The document number, masked.
    let certificateNumber: String
    /// The mobile number, masked; nil when none is saved.
    let mobile: String?
    let isAccountHolder: Bool
    /// The saved birth date (documents without one), or nil.
    let birthDate: String?
    /// School, enrolment year and the two cities in one line, or nil when no student details are saved.
    let student: String?
    let editHref: String
    let deleteHref: String

    init(_ passenger: Passenger, text: TextLookup) {
        let path = "/me/passengers/\(passenger.id)"
        id = String(passenger.id)
        name = passenger.name
        passengerType = text(passenger.passengerType.messageKey)
        certificateType = text(passenger.certificateType.messageKey)
        certificateNumber = Masking.certificate(passenger.certificateNumber)
        mobile = passenger.mobile.isEmpty ? nil : Masking.mobile(passenger.mobile)
        isAccountHolder = passenger.isAccountHolder
        birthDate = passenger.savedBirthDate?.description
        student = passenger.student.map { details in
            text("passenger_student_summary", details.school, String(details.enrolmentYear), details.homeCity, details.schoolCity)
        }
        editHref = path + "/edit"
        deleteHref = path + "/delete"
    }
}
