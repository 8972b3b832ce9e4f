/// The labelled fields of the delivery-address form.
extension AccountFormFields {
    /// Every field of the address form, in order, showing `details` and the errors.
    func addressFields(_ details: AddressForm) -> [FieldViewModel] {
        [
            field("recipient", details.recipient, autocomplete: "name", maxLength: 30),
            field("phone", details.phone, type: "tel", autocomplete: "tel", hint: "hint_address_phone", maxLength: 20),
            provinceField(details.province),
            field("city", details.city, autocomplete: "address-level2", maxLength: 20),
            field("district", details.district, autocomplete: "address-level3", maxLength: 20),
            field("detail", details.detail, autocomplete: "address-line1", hint: "hint_address_detail", maxLength: 120),
            field("postcode", details.postcode, isRequired: false, autocomplete: "postal-code", maxLength: 6, inputMode: "numeric"),
        ]
    }

    /// The mainland provinces, after a "choose" option.
    func provinceField(_ value: String) -> FieldViewModel {
        let options = [(value: "", label: text("option_choose"))] + Province.all.map { (value: $0.name, label: $0.label(text.language)) }
        return FieldViewModel(
            name: "province", label: text("label_province"), control: .select(options: options),
            value: value, error: errors["province"].map { text($0) })
    }
}
