import HTTP
import Storage

/// The part of a passenger form that ticket types need, as typed: a birth date (for documents that
/// do not carry one; a resident ID number has it in digits 7–14) and the student details. Checked
/// together with the passenger type: a child needs a known age under 14, a student all four details.
struct TravelDetails {
    var birthDate = ""
    var school = ""
    var enrolmentYear = ""
    var homeCity = ""
    var schoolCity = ""

    /// The form fields, in order: the birth date goes with the document, the rest in the student group.
    static let studentFieldNames = ["school", "enrolment_year", "home_city", "school_city"]
    /// What a student field says when the others are given and it is not.
    private static let missingKeys = [
        "school": "error_school_missing", "enrolment_year": "error_enrolment_year_missing",
        "home_city": "error_home_city_missing", "school_city": "error_school_city_missing",
    ]

    init() {}

    /// The saved details of `passenger`, for an edit form.
    init(_ passenger: Passenger) {
        birthDate = passenger.savedBirthDate?.description ?? ""
        if let student = passenger.student {
            school = student.school
            enrolmentYear = String(student.enrolmentYear)
            homeCity = student.homeCity
            schoolCity = student.schoolCity
        }
    }

    /// Reads the form fields (see docs/routes.md).
    init(form: Parameters) {
        birthDate = (form["birth_date"] ?? "").trimmed
        school = (form["school"] ?? "").trimmed
        enrolmentYear = (form["enrolment_year"] ?? "").trimmed
        homeCity = (form["home_city"] ?? "").trimmed
        schoolCity = (form["school_city"] ?? "").trimmed
    }

    /// The same details with each city as the station list files it (a station's name stands for its city).
    func resolved(in timetable: Timetable) -> TravelDetails {
        var copy = self
        copy.homeCity = timetable.city(named: homeCity) ?? homeCity
        copy.schoolCity = timetable.city(named: schoolCity) ?? schoolCity
        return copy
    }

    /// Adds a problem per field (message-catalog keys) for a passenger of `passengerType` with the
    /// document `certificateType` / `certificateNumber` (already checked), as of `today`.
    func addProblems(
        passengerType: String, certificateType: String, certificateNumber: String, timetable: Timetable,
        today: CivilDate, into errors: inout FormErrors
    ) {
        let idBirth = certificateType == CertificateType.residentID.rawValue ? ResidentIDNumber(checked: certificateNumber)?.birthDate : nil
        var typedBirth: CivilDate?
        if !birthDate.isEmpty {
            if let date = CivilDate(iso: birthDate), date.year >= 1900, date <= today {
                typedBirth = date
                if let idBirth, idBirth != date { errors.add("birth_date", "error_birth_date_not_id") }
            } else {
                errors.add("birth_date", "error_birth_date")
            }
        }
        if passengerType == PassengerType.child.rawValue {
            if let birth = idBirth ?? typedBirth {
                if today.age(bornOn: birth) >= TicketRules.childAgeLimit { errors.add("passenger_type", "error_child_too_old") }
            } else if errors["birth_date"] == nil, errors["certificate_number"] == nil, errors["certificate_type"] == nil {
                errors.add("birth_date", "error_child_needs_birth_date")
            }
        }
        addStudentProblems(isStudent: passengerType == PassengerType.student.rawValue, timetable: timetable, today: today, into: &errors)
    }

    /// The student details are all given or none; a student needs them all.
    private func addStudentProblems(isStudent: Bool, timetable: Timetable, today: CivilDate, into errors: inout FormErrors) {
        let values = [school, enrolmentYear, homeCity, schoolCity]
        if values.allSatisfy(\.isEmpty) {
            if isStudent { errors.add("school", "error_student_details_required") }
            return
        }
        for (field, value) in zip(Self.studentFieldNames, values) where value.isEmpty {
            errors.add(field, isStudent ? "error_student_details_required" : Self.missingKeys[field] ?? "error_student_details_required")
        }
        if school.count > 50 || school.contains(where: \.isNewline) { errors.add("school", "error_school_length") }
        if !enrolmentYear.isEmpty, enrolmentYearValue(today: today) == nil { errors.add("enrolment_year", "error_enrolment_year") }
        for (field, city) in [("home_city", homeCity), ("school_city", schoolCity)] where !city.isEmpty && timetable.city(named: city) != city {
            errors.add(field, "error_city_unknown")
        }
        if !homeCity.isEmpty, homeCity == schoolCity { errors.add("school_city", "error_cities_same") }
    }

    /// The enrolment year when it is four digits within the last ten years.
    private func enrolmentYearValue(today: CivilDate) -> Int? {
        guard enrolmentYear.count == 4, enrolmentYear.allSatisfy(\.isASCIIDigit), let year = Int(enrolmentYear),
            (today.year - 10...today.year).contains(year)
        else { return nil }
        return year
    }

    /// The values of `birth_date, school, enrolment_year, home_city, school_city` to store (checked
    /// already): no birth date for a resident ID (its number has it), empty student details when none.
    func columnValues(certificateType: String) -> [any SQLBindable] {
        let birth = certificateType == CertificateType.residentID.rawValue ? nil : CivilDate(iso: birthDate)
        let hasStudent = !school.isEmpty
        let enrolment: Int? = hasStudent ? Int(enrolmentYear) : nil
        return [birth?.description, hasStudent ? school : "", enrolment, hasStudent ? homeCity : "", hasStudent ? schoolCity : ""]
    }
}
