import HTTP

/// A filled-in passenger form (adding or editing a saved passenger), checked field by field with
/// the same rules as registration, and the details ticket types need.
struct PassengerForm {
    var name = ""
    var certificateType = CertificateType.residentID.rawValue
    var certificateNumber = ""
    var passengerType = PassengerType.adult.rawValue
    /// Optional: empty when not given.
    var mobile = ""
    /// Birth date and student details.
    var travel = TravelDetails()

    init() {}

    /// The saved details of `passenger`, for the edit form.
    init(_ passenger: Passenger) {
        name = passenger.name
        certificateType = passenger.certificateType.rawValue
        certificateNumber = passenger.certificateNumber
        passengerType = passenger.passengerType.rawValue
        mobile = passenger.mobile
        travel = TravelDetails(passenger)
    }

    /// Reads the form fields (see docs/routes.md).
    init(form: Parameters) {
        name = (form["name"] ?? "").trimmed
        certificateType = form["certificate_type"] ?? ""
        certificateNumber = CertificateType.normalize(form["certificate_number"] ?? "")
        passengerType = form["passenger_type"] ?? ""
        mobile = (form["mobile"] ?? "").trimmed
        travel = TravelDetails(form: form)
    }

    /// The same form with its cities as the station list files them.
    func resolved(in timetable: Timetable) -> PassengerForm {
        var copy = self
        copy.travel = travel.resolved(in: timetable)
        return copy
    }

    /// Every rule a field breaks, by field name; cities are checked against `timetable`.
    func problems(in timetable: Timetable, today: CivilDate) -> FormErrors {
        var errors = FormErrors()
        if let problem = AccountRules.nameProblem(name) { errors.add("name", problem) }
        _ = AccountRules.certificateProblems(type: certificateType, number: certificateNumber, today: today, into: &errors)
        if PassengerType(rawValue: passengerType) == nil { errors.add("passenger_type", "error_passenger_type") }
        if !mobile.isEmpty, let problem = AccountRules.mobileProblem(mobile) { errors.add("mobile", problem) }
        travel.addProblems(
            passengerType: passengerType, certificateType: certificateType, certificateNumber: certificateNumber,
            timetable: timetable, today: today, into: &errors)
        return errors
    }
}
