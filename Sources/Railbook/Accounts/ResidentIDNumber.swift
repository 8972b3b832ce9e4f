/// A Chinese resident identity card number (GB 11643-1999): six region digits, the date of birth
/// as YYYYMMDD, a three-digit sequence (odd for men) and a check character (0–9 or X).
public struct ResidentIDNumber: Sendable, Equatable {
    /// The 18 characters, with an upper-case X.
    public let text: String
    /// The date of birth it encodes.
    public let birthDate: CivilDate

    private static let weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
    private static let checkCharacters: [Character] = Array("10X98765432")
    /// Province-level codes in use (the first two digits).
    private static let provinces: Set<Int> = [
        11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43,
        44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 83, 91,
    ]

    /// Parses and checks a number; nil when its province, date of birth or check character is wrong.
    /// `today` bounds the date of birth (no one is born in the future).
    public init?(_ candidate: String, today: CivilDate) {
        self.init(candidate, bornBy: today)
    }

    /// Reads a number that was checked when it was stored (its date of birth is not bounded again).
    public init?(checked candidate: String) {
        self.init(candidate, bornBy: nil)
    }

    private init?(_ candidate: String, bornBy today: CivilDate?) {
        let characters = Array(candidate.uppercased())
        guard characters.count == 18, characters[..<17].allSatisfy(\.isASCIIDigit) else { return nil }
        let digits = characters[..<17].map { Int(String($0))! }
        let sum = zip(digits, Self.weights).reduce(0) { $0 + $1.0 * $1.1 }
        guard characters[17] == Self.checkCharacters[sum % 11] else { return nil }
        guard Self.provinces.contains(digits[0] * 10 + digits[1]) else { return nil }
        let year = digits[6...9].reduce(0) { $0 * 10 + $1 }
        let month = digits[10] * 10 + digits[11]
        let day = digits[12] * 10 + digits[13]
        guard let birthDate = CivilDate(year: year, month: month, day: day), year >= 1900, today.map({ birthDate <= $0 }) ?? true else { return nil }
        self.text = String(characters)
        self.birthDate = birthDate
    }

    /// "male" when the sequence digit is odd, otherwise "female".
    public var gender: String {
        Int(String(Array(text)[16]))! % 2 == 1 ? "male" : "female"
    }
}
