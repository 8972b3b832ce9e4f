import HTTP
import Secrets
import Storage

/// A filled-in registration form, checked field by field.
struct Registration {
    var account = ""
    var password = ""
    var passwordConfirmation = ""
    var name = ""
    var certificateType = CertificateType.residentID.rawValue
    var certificateNumber = ""
    var mobile = ""
    var gender = ""
    var info = ""
    /// Optional: the address is confirmed by the link mailed to it (`EmailChange`).
    var email = ""

    init() {}

    /// Reads the form fields (see docs/routes.md).
    init(form: Parameters) {
        account = (form["account"] ?? "").trimmed
        password = form["password"] ?? ""
        passwordConfirmation = form["password_confirmation"] ?? ""
        name = (form["name"] ?? "").trimmed
        certificateType = form["certificate_type"] ?? ""
        certificateNumber = CertificateType.normalize(form["certificate_number"] ?? "")
        mobile = (form["mobile"] ?? "").trimmed
        gender = form["gender"] ?? ""
        info = (form["info"] ?? "").trimmed
        email = String((form["email"] ?? "").trimmed.prefix(MailAddress.maximumLength + 10))
    }

    /// The address given, when it has the shape of one.
    var mailAddress: MailAddress? { MailAddress(email) }

    /// Every rule a field breaks, by field name.
    func problems(today: CivilDate) -> FormErrors {
        var errors = FormErrors()
        if let problem = AccountRules.accountProblem(account) { errors.add("account", problem) }
        if let problem = AccountRules.passwordProblem(password) {
            errors.add("password", problem)
        } else if password != passwordConfirmation {
            errors.add("password_confirmation", "error_password_mismatch")
        }
        if let problem = AccountRules.nameProblem(name) { errors.add("name", problem) }
        _ = AccountRules.certificateProblems(type: certificateType, number: certificateNumber, today: today, into: &errors)
        if let problem = AccountRules.mobileProblem(mobile) { errors.add("mobile", problem) }
        if Gender(rawValue: gender) == nil || gender == Gender.unspecified.rawValue { errors.add("gender", "error_gender") }
        if let problem = AccountRules.genderProblem(gender, certificateType: certificateType, number: certificateNumber) {
            errors.add("gender", problem)
        }
        if let problem = AccountRules.infoProblem(info) { errors.add("info", problem) }
        if !email.isEmpty && mailAddress == nil { errors.add("email", "error_email_shape") }
        return errors
    }

    /// Creates the user and their own passenger entry in one transaction; returns the user's id.
    /// Throws `FormErrors` when the account, certificate or mobile number is already registered,
    /// also by a registration committed at the same moment (`changeGuardedByUniqueIndex`).
    func register(passwordHash: String, now: Int, in db: Database) throws -> Int64 {
        try db.changeGuardedByUniqueIndex(check: checkConflicts) { db in
            let userID = try db.insert(
                """
                INSERT INTO users (account, account_key, password_hash, name, certificate_type, certificate_number, mobile,
                                   gender, info, authority, is_locked, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'user', 0, ?)
                RETURNING id
                """,
                [
                    account, account.lowercased(), passwordHash, name, certificateType,
                    certificateNumber, mobile, gender, info, now,
                ])
            try db.run(
                """
                INSERT INTO passengers (user_id, name, certificate_type, certificate_number, passenger_type, mobile,
                                        is_account_holder, created_at)
                VALUES (?, ?, ?, ?, 'adult', ?, 1, ?)
                """,
                [
                    userID, name, certificateType, certificateNumber, mobile,
                    now,
                ])
            return userID
        }
    }

    /// Throws `FormErrors` naming each of the account, certificate and mobile number already registered.
    private func checkConflicts(in db: Database) throws {
        var conflicts = FormErrors()
        if try db.queryOne("SELECT id FROM users WHERE account_key = ?", [account.lowercased()]) != nil {
            conflicts.add("account", "error_account_taken")
        }
        if try db.queryOne(
            "SELECT id FROM users WHERE certificate_type = ? AND certificate_number = ?",
            [certificateType, certificateNumber]) != nil
        {
            conflicts.add("certificate_number", "error_certificate_taken")
        }
        if try db.queryOne("SELECT id FROM users WHERE mobile = ?", [mobile]) != nil {
            conflicts.add("mobile", "error_mobile_taken")
        }
        guard conflicts.isEmpty else { throw conflicts }
    }
}

extension FormErrors: Error {}
