import HTTP

/// A filled-in passenger form (adding or editing a saved passenger), checked field by field with
/// the same rules as registration.
struct PassengerForm {
    var name = ""
    var certificateType = CertificateType.residentID.rawValue
    var certificateNumber = ""
    var passengerType = PassengerType.adult.rawValue
    /// Optional: empty when not given.
    var mobile = ""

    init() {}

    /// The saved details of `passenger`, for the edit form.
    init(_ passenger: Passenger) {
        name = passenger.name
        certificateType = passenger.certificateType.rawValue
        certificateNumber = passenger.certificateNumber
        passengerType = passenger.passengerType.rawValue
        mobile = passenger.mobile
    }

    /// Reads the form fields (see docs/routes.md).
    init(form: Parameters) {
        name = (form["name"] ?? "").trimmed
        certificateType = form["certificate_type"] ?? ""
        certificateNumber = CertificateType.normalize(form["certificate_number"] ?? "")
        passengerType = form["passenger_type"] ?? ""
        mobile = (form["mobile"] ?? "").trimmed
    }

    /// Every rule a field breaks, by field name.
    func problems() -> FormErrors {
        var errors = FormErrors()
        if let problem = AccountRules.nameProblem(name) { errors.add("name", problem) }
        _ = AccountRules.certificateProblems(type: certificateType, number: certificateNumber, into: &errors)
        if PassengerType(rawValue: passengerType) == nil { errors.add("passenger_type", "error_passenger_type") }
        if !mobile.isEmpty, let problem = AccountRules.mobileProblem(mobile) { errors.add("mobile", problem) }
        return errors
    }
}
