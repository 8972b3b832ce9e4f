/// The rules for account fields, shared by registration, the profile and saved passengers.
/// Each returns a message-catalog key describing the problem, or nil when the value is fine.
enum AccountRules {
    static func accountProblem(_ account: String) -> String? {
        let valid =
            (4...30).contains(account.count)
            && account.allSatisfy { $0.isASCIIAlphanumeric || $0 == "_" }
        return valid ? nil : "error_account_format"
    }

    /// 8–64 characters with at least two kinds among letters, digits and symbols.
    static func passwordProblem(_ password: String) -> String? {
        guard (8...64).contains(password.count) else { return "error_password_rules" }
        let kinds = [
            password.contains(where: \.isLetter), password.contains(where: \.isNumber),
            password.contains(where: { !$0.isLetter && !$0.isNumber && !$0.isWhitespace }),
        ]
        return kinds.filter { $0 }.count >= 2 ? nil : "error_password_rules"
    }

    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "error_name_required" }
        return name.count <= 50 && !name.contains(where: \.isNewline) ? nil : "error_name_length"
    }

    /// Eleven digits starting with 1.
    static func mobileProblem(_ mobile: String) -> String? {
        mobile.count == 11 && mobile.hasPrefix("1") && mobile.allSatisfy(\.isASCIIDigit) ? nil : "error_mobile"
    }

    /// A resident ID number's 17th digit tells the gender (odd: male, even: female): a chosen
    /// gender it contradicts is refused; other documents say nothing about it.
    static func genderProblem(_ gender: String, certificateType: String, number: String) -> String? {
        guard certificateType == CertificateType.residentID.rawValue, let id = ResidentIDNumber(checked: number),
            Gender(rawValue: gender) != nil, gender != id.gender
        else { return nil }
        return "error_gender_not_id"
    }

    static func infoProblem(_ info: String) -> String? {
        info.count <= 500 ? nil : "error_info_length"
    }

    /// Checks a certificate type and number together as of `today`; the number must already be normalised.
    static func certificateProblems(type: String, number: String, today: CivilDate, into errors: inout FormErrors) -> CertificateType? {
        guard let certificate = CertificateType(rawValue: type) else {
            errors.add("certificate_type", "error_certificate_type")
            return nil
        }
        if number.isEmpty {
            errors.add("certificate_number", "error_certificate_required")
        } else if let problem = certificate.problem(with: number, today: today) {
            errors.add("certificate_number", problem)
        }
        return certificate
    }
}

extension String {
    /// The text with leading and trailing white space removed.
    var trimmed: String {
        var text = self[...]
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
