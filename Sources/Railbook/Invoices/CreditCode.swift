/// A unified social credit code (统一社会信用代码, GB 32100-2015): the 18 characters that name a
/// company to the tax office, from an alphabet of digits and capital letters without I, O, S, V
/// and Z, the last a check character over the first 17.
struct CreditCode: Equatable, Sendable, CustomStringConvertible {
    let text: String

    private static let alphabet = Array("0123456789ABCDEFGHJKLMNPQRTUWXY")
    private static let weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28]

    /// Why `input` (spaces ignored, letters in any case) is not a code, or nil when it is one.
    enum Problem: Equatable {
        case length, character, checkCharacter
    }

    /// The code `input` holds, or the problem with it.
    static func parse(_ input: String) -> Result<CreditCode, ParseError> {
        let characters = Array(input.filter { $0 != " " }.uppercased())
        guard characters.count == 18 else { return .failure(ParseError(problem: .length)) }
        let values = characters.map { alphabet.firstIndex(of: $0) }
        guard values.allSatisfy({ $0 != nil }) else { return .failure(ParseError(problem: .character)) }
        let sum = zip(values.prefix(17), weights).reduce(0) { $0 + $1.0! * $1.1 }
        guard values[17] == (31 - sum % 31) % 31 else { return .failure(ParseError(problem: .checkCharacter)) }
        return .success(CreditCode(text: String(characters)))
    }

    /// Why a text is not a code.
    struct ParseError: Error, Equatable {
        let problem: Problem
    }

    var description: String { text }
}
