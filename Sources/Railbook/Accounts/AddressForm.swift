import HTTP

/// A filled-in address form (adding or editing a delivery address), checked field by field.
struct AddressForm {
    var recipient = ""
    var phone = ""
    var province = ""
    var city = ""
    var district = ""
    var detail = ""
    /// Optional: empty when not given.
    var postcode = ""

    init() {}

    /// The saved details of `address`, for the edit form.
    init(_ address: Address) {
        recipient = address.recipient
        phone = address.phone
        province = address.province
        city = address.city
        district = address.district
        detail = address.detail
        postcode = address.postcode
    }

    /// Reads the form fields (see docs/routes.md): spaces are dropped from the phone number and
    /// postcode, runs of white space in the street address become one space, a mobile number
    /// written with hyphens (`138-1234-5678`) loses them.
    init(form: Parameters) {
        recipient = (form["recipient"] ?? "").trimmed
        phone = AddressForm.normalizedPhone(form["phone"] ?? "")
        province = (form["province"] ?? "").trimmed
        city = (form["city"] ?? "").trimmed
        district = (form["district"] ?? "").trimmed
        detail = (form["detail"] ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        postcode = (form["postcode"] ?? "").filter { !$0.isWhitespace }
    }

    /// Every rule a field breaks, by field name.
    func problems() -> FormErrors {
        var errors = FormErrors()
        if !AddressForm.isOneLine(recipient, upTo: 30) { errors.add("recipient", "error_address_recipient") }
        if !AddressForm.isPhoneNumber(phone) { errors.add("phone", "error_address_phone") }
        if !Province.isKnown(province) { errors.add("province", "error_address_province") }
        if !AddressForm.isOneLine(city, upTo: 20) { errors.add("city", "error_address_city") }
        if !AddressForm.isOneLine(district, upTo: 20) { errors.add("district", "error_address_district") }
        if !(5...120).contains(detail.count) { errors.add("detail", "error_address_detail") }
        if !postcode.isEmpty, !(postcode.count == 6 && postcode.allSatisfy(\.isASCIIDigit)) {
            errors.add("postcode", "error_address_postcode")
        }
        return errors
    }

    /// A mobile number (11 digits starting with 1) or a landline: an area code of 3–4 digits
    /// starting with 0, a hyphen, then 7–8 digits (`010-12345678`, `0755-1234567`).
    static func isPhoneNumber(_ phone: String) -> Bool {
        if AccountRules.mobileProblem(phone) == nil { return true }
        let parts = phone.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else { return false }
        return parts[0].first == "0" && (3...4).contains(parts[0].count) && (7...8).contains(parts[1].count)
    }

    private static func normalizedPhone(_ text: String) -> String {
        let compact = text.filter { !$0.isWhitespace }
        let digits = compact.filter { $0 != "-" }
        return AccountRules.mobileProblem(digits) == nil ? digits : compact
    }

    private static func isOneLine(_ text: String, upTo maximum: Int) -> Bool {
        !text.isEmpty && text.count <= maximum && !text.contains(where: \.isNewline)
    }
}
