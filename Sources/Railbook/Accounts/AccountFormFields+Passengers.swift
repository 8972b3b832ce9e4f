/// The labelled fields of the saved-passenger form.
extension AccountFormFields {
    /// Every field of the passenger form, in order, showing `details` and the errors.
    func passengerFields(_ details: PassengerForm) -> [FieldViewModel] {
        [
            field("name", details.name, autocomplete: "off", maxLength: 50),
            certificateTypeField(details.certificateType),
            field("certificate_number", details.certificateNumber, autocomplete: "off", maxLength: 18),
            passengerTypeField(details.passengerType),
            field("mobile", details.mobile, type: "tel", isRequired: false, autocomplete: "off", maxLength: 11, inputMode: "numeric"),
        ]
    }

    /// Adult, child or student.
    func passengerTypeField(_ value: String) -> FieldViewModel {
        let options = PassengerType.allCases.map { (value: $0.rawValue, label: renderer.text($0.messageKey, context)) }
        return FieldViewModel(name: "passenger_type", label: renderer.text("label_passenger_type", context),
                              control: .select(options: options), value: value,
                              error: errors["passenger_type"].map { renderer.text($0, context) })
    }
}
