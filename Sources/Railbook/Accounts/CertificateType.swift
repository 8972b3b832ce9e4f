import Storage

/// The identity documents a traveller can register and travel with.
public enum CertificateType: String, SQLBindable, CaseIterable, Sendable {
    case residentID = "resident_id"
    case passport
    case hongKongMacauPermit = "hk_macau_permit"
    case taiwanPermit = "taiwan_permit"
    case foreignPermanentResident = "foreign_permanent_resident"

    /// The message-catalog key of the document's name.
    var messageKey: String {
        switch self {
        case .residentID: "certificate_resident_id"
        case .passport: "certificate_passport"
        case .hongKongMacauPermit: "certificate_hk_macau_permit"
        case .taiwanPermit: "certificate_taiwan_permit"
        case .foreignPermanentResident: "certificate_foreign_permanent_resident"
        }
    }

    /// The message-catalog key describing what is wrong with `number` as of `today`, or nil when it is valid.
    func problem(with number: String, today: CivilDate) -> String? {
        switch self {
        case .residentID:
            return ResidentIDNumber(number, today: today) == nil ? "error_resident_id" : nil
        case .passport:
            return number.count >= 5 && number.count <= 17 && number.allSatisfy(\.isASCIIAlphanumeric) ? nil : "error_passport"
        case .hongKongMacauPermit:
            let letter = number.first.map { $0 == "H" || $0 == "M" } ?? false
            let digits = number.dropFirst()
            return letter && (digits.count == 8 || digits.count == 10) && digits.allSatisfy(\.isASCIIDigit) ? nil : "error_hk_macau_permit"
        case .taiwanPermit:
            return (number.count == 8 || number.count == 10) && number.allSatisfy(\.isASCIIDigit) ? nil : "error_taiwan_permit"
        case .foreignPermanentResident:
            let old = number.count == 15 && number.prefix(3).allSatisfy(\.isASCIIUppercase) && number.dropFirst(3).allSatisfy(\.isASCIIDigit)
            let new = number.count == 18 && number.hasPrefix("9") && number.allSatisfy(\.isASCIIDigit)
            return old || new ? nil : "error_foreign_permanent_resident"
        }
    }

    /// The number as stored: trimmed, letters upper-cased.
    static func normalize(_ number: String) -> String {
        number.filter { !$0.isWhitespace }.uppercased()
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
    var isASCIIUppercase: Bool { isASCII && isUppercase }
    var isASCIIAlphanumeric: Bool { isASCII && (isLetter || isNumber) }
}
