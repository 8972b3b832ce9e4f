/// Builds the labelled fields of account forms (registration, profile, passengers) in the page's language.
struct AccountFormFields {
    /// The copy of the page's language.
    let text: TextLookup
    let errors: FormErrors

    /// The label of each text-like field, by the field's name.
    private static let labelKeys: [String: String] = [
        "account": "label_account", "password": "label_password", "password_confirmation": "label_password_confirmation",
        "name": "label_name", "certificate_number": "label_certificate_number", "mobile": "label_mobile",
        "current_password": "label_current_password", "new_password": "label_new_password",
        "new_password_confirmation": "label_new_password_confirmation", "recipient": "label_recipient", "phone": "label_phone",
        "city": "label_city", "district": "label_district", "detail": "label_detail", "postcode": "label_postcode",
        "birth_date": "label_birth_date", "school": "label_school", "enrolment_year": "label_enrolment_year",
        "home_city": "label_home_city", "school_city": "label_school_city", "login": "label_recovery_login", "email": "label_email",
    ]

    /// A text-like field, labelled as `labelKeys` says for its name.
    func field(
        _ name: String, _ value: String, type: String = "text", isRequired: Bool = true, autocomplete: String? = nil,
        hint: String? = nil, maxLength: Int? = nil, inputMode: String? = nil
    ) -> FieldViewModel {
        FieldViewModel(
            name: name, label: Self.labelKeys[name].map { text($0) } ?? name, control: .input(type: type), value: value,
            hint: hint.map { text($0) }, error: errors[name].map { text($0) }, isRequired: isRequired,
            autocomplete: autocomplete, maxLength: maxLength, inputMode: inputMode)
    }

    func certificateTypeField(_ value: String) -> FieldViewModel {
        let options = CertificateType.allCases.map { (value: $0.rawValue, label: text($0.messageKey)) }
        return FieldViewModel(
            name: "certificate_type", label: text("label_certificate_type"), control: .select(options: options),
            value: value, error: errors["certificate_type"].map { text($0) })
    }

    func genderField(_ value: String) -> FieldViewModel {
        let options =
            [(value: "", label: text("option_choose"))]
            + [Gender.male, Gender.female].map { (value: $0.rawValue, label: text($0.messageKey)) }
        return FieldViewModel(
            name: "gender", label: text("label_gender"), control: .select(options: options),
            value: value, error: errors["gender"].map { text($0) })
    }

    func infoField(_ value: String) -> FieldViewModel {
        FieldViewModel(
            name: "info", label: text("label_info"), control: .textArea, value: value,
            hint: text("hint_info"), error: errors["info"].map { text($0) }, isRequired: false, maxLength: 500)
    }
}
