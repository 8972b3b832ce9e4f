/// The labelled fields of the saved-passenger form.
extension AccountFormFields {
    /// Every field of the passenger form, in order, showing `details` and the errors.
    func passengerFields(_ details: PassengerForm) -> [FieldViewModel] {
        [
            field("name", details.name, autocomplete: "off", maxLength: 50),
            certificateTypeField(details.certificateType),
            field("certificate_number", details.certificateNumber, autocomplete: "off", maxLength: 18),
            passengerTypeField(details.passengerType),
            birthDateField(details.travel.birthDate),
            field("mobile", details.mobile, type: "tel", isRequired: false, autocomplete: "off", maxLength: 11, inputMode: "numeric"),
        ]
    }

    /// The optional birth date, for documents that do not carry one (a child ticket needs it).
    func birthDateField(_ value: String) -> FieldViewModel {
        field("birth_date", value, isRequired: false, autocomplete: "off", hint: "hint_birth_date", maxLength: 10, inputMode: "numeric")
    }

    /// The student details group (school, enrolment year, home city, school city), all optional.
    func studentFields(_ travel: TravelDetails) -> [FieldViewModel] {
        [
            field("school", travel.school, isRequired: false, autocomplete: "off", maxLength: 50),
            field("enrolment_year", travel.enrolmentYear, isRequired: false, autocomplete: "off", maxLength: 4, inputMode: "numeric"),
            field("home_city", travel.homeCity, isRequired: false, autocomplete: "off", hint: "hint_city", maxLength: 30),
            field("school_city", travel.schoolCity, isRequired: false, autocomplete: "off", maxLength: 30),
        ]
    }

    /// Adult, child or student.
    func passengerTypeField(_ value: String) -> FieldViewModel {
        let options = PassengerType.allCases.map { (value: $0.rawValue, label: text($0.messageKey)) }
        return FieldViewModel(
            name: "passenger_type", label: text("label_passenger_type"), control: .select(options: options),
            value: value, error: errors["passenger_type"].map { text($0) })
    }
}
