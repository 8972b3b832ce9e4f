import HTTP
import Storage

/// A filled-in profile form: the user's own details, checked with the registration rules, and what
/// ticket types need to know about the account holder (passenger type, birth date, student details,
/// kept on their own passenger entry). Changing the identity document also needs the current
/// password (checked by `CurrentPassword`).
struct ProfileEdit {
    var name = ""
    var certificateType = CertificateType.residentID.rawValue
    var certificateNumber = ""
    var mobile = ""
    var gender = ""
    var info = ""
    var passengerType = PassengerType.adult.rawValue
    var travel = TravelDetails()
    /// Only needed when the document changes; never sent back to the browser.
    var currentPassword = ""

    /// The form as it opens: the user's stored details and those of their own passenger entry.
    init(user: User, holder: Passenger?) {
        passengerType = holder?.passengerType.rawValue ?? PassengerType.adult.rawValue
        travel = holder.map(TravelDetails.init) ?? TravelDetails()
        name = user.name
        certificateType = user.certificateType?.rawValue ?? CertificateType.residentID.rawValue
        certificateNumber = user.certificateNumber ?? ""
        mobile = user.mobile ?? ""
        gender = user.gender == .unspecified ? "" : user.gender.rawValue
        info = user.info
    }

    /// Reads the form fields (see docs/routes.md).
    init(form: Parameters) {
        name = (form["name"] ?? "").trimmed
        certificateType = form["certificate_type"] ?? ""
        certificateNumber = CertificateType.normalize(form["certificate_number"] ?? "")
        mobile = (form["mobile"] ?? "").trimmed
        gender = form["gender"] ?? ""
        info = (form["info"] ?? "").trimmed
        passengerType = form["passenger_type"] ?? ""
        travel = TravelDetails(form: form)
        currentPassword = form["current_password"] ?? ""
    }

    /// True when the form names another document than the one on file. A user created from the
    /// command line has none and may keep it that way by leaving the number empty.
    func changesCertificate(of user: User) -> Bool {
        if user.certificateType == nil && certificateNumber.isEmpty { return false }
        return certificateType != user.certificateType?.rawValue || certificateNumber != user.certificateNumber
    }

    /// Every rule a field breaks, by field name (except a wrong current password, which needs the
    /// hash); cities are checked against `timetable`.
    func problems(for user: User, timetable: Timetable, today: CivilDate) -> FormErrors {
        var errors = FormErrors()
        if let problem = AccountRules.nameProblem(name) { errors.add("name", problem) }
        if changesCertificate(of: user) {
            _ = AccountRules.certificateProblems(type: certificateType, number: certificateNumber, today: today, into: &errors)
            if currentPassword.isEmpty { errors.add("current_password", "error_certificate_needs_password") }
        }
        if !(mobile.isEmpty && user.mobile == nil), let problem = AccountRules.mobileProblem(mobile) {
            errors.add("mobile", problem)
        }
        if Gender(rawValue: gender) == nil || gender == Gender.unspecified.rawValue { errors.add("gender", "error_gender") }
        if let problem = AccountRules.genderProblem(gender, certificateType: certificateType, number: certificateNumber) {
            errors.add("gender", problem)
        }
        if let problem = AccountRules.infoProblem(info) { errors.add("info", problem) }
        if PassengerType(rawValue: passengerType) == nil { errors.add("passenger_type", "error_passenger_type") }
        travel.addProblems(
            passengerType: passengerType, certificateType: certificateType, certificateNumber: certificateNumber,
            timetable: timetable, today: today, into: &errors)
        return errors
    }

    /// Stores the details and keeps the account holder's own passenger entry in step, in the caller's
    /// transaction. Throws `FormErrors` when another user has the document or mobile number, also
    /// when they saved it at the same moment (`changeGuardedByUniqueIndex`).
    func save(for user: User, now: Int, in db: Database) throws {
        let document: (type: String, number: String)? = certificateNumber.isEmpty ? nil : (certificateType, certificateNumber)
        try db.changeGuardedByUniqueIndex(check: { try checkConflicts(for: user, document: document, in: $0) }) { db in
            try store(for: user, document: document, now: now, in: db)
        }
    }

    /// Writes the details to the user and to their own passenger entry (made when missing).
    private func store(for user: User, document: (type: String, number: String)?, now: Int, in db: Database) throws {
        try db.run(
            """
            UPDATE users SET name = ?, certificate_type = ?, certificate_number = ?, mobile = ?, gender = ?, info = ?
            WHERE id = ?
            """, [name, document?.type, document?.number, mobile.isEmpty ? nil : mobile, gender, info, user.id])
        guard let document else { return }
        let details = travel.columnValues(certificateType: document.type)
        if try db.run(
            """
            UPDATE passengers SET name = ?, certificate_type = ?, certificate_number = ?, mobile = ?, passenger_type = ?,
                                  birth_date = ?, school = ?, enrolment_year = ?, home_city = ?, school_city = ?
            WHERE user_id = ? AND is_account_holder = 1
            """, [name, document.type, document.number, mobile, passengerType] + details + [user.id]) == 0
        {
            try db.run(
                """
                INSERT INTO passengers (user_id, name, certificate_type, certificate_number, passenger_type, mobile,
                                        is_account_holder, created_at, birth_date, school, enrolment_year, home_city, school_city)
                VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)
                """,
                [
                    user.id, name, document.type, document.number, passengerType, mobile,
                    now,
                ] + details)
        }
    }

    private func checkConflicts(for user: User, document: (type: String, number: String)?, in db: Database) throws {
        var conflicts = FormErrors()
        if let document {
            if try db.queryOne(
                "SELECT id FROM users WHERE certificate_type = ? AND certificate_number = ? AND id <> ?",
                [document.type, document.number, user.id]) != nil
            {
                conflicts.add("certificate_number", "error_certificate_taken")
            }
            if try db.queryOne(
                """
                SELECT id FROM passengers
                WHERE user_id = ? AND certificate_type = ? AND certificate_number = ? AND is_account_holder = 0
                """, [user.id, document.type, document.number]) != nil
            {
                conflicts.add("certificate_number", "error_certificate_saved_passenger")
            }
        }
        if !mobile.isEmpty,
            try db.queryOne("SELECT id FROM users WHERE mobile = ? AND id <> ?", [mobile, user.id]) != nil
        {
            conflicts.add("mobile", "error_mobile_taken")
        }
        guard conflicts.isEmpty else { throw conflicts }
    }
}
