/// A catalog's `Plural-Forms`: how many texts a plural entry has (`nplurals`) and which one a count
/// takes (`plural`, gettext's C-like expression in `n`: `plural=(n != 1);` for English, `plural=0;`
/// for Chinese). The expression may use integers, `n`, parentheses, `! * / % + - < <= > >= == !=
/// && ||` and `?:`, as gettext's own plural expressions do.
struct PluralRule: Sendable {
    /// How many texts a plural entry has.
    let count: Int
    private let expression: Expression

    /// Reads a `Plural-Forms` value such as `nplurals=2; plural=(n != 1);`; nil when it does not read so.
    init?(_ header: String) {
        var count: Int?
        var expression: Expression?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace }
            guard pair.count == 2 else {
                if part.trimmingWhitespace.isEmpty { continue } else { return nil }
            }
            switch pair[0] {
            case "nplurals": count = Int(pair[1])
            case "plural": expression = Expression.parse(String(pair[1]))
            default: return nil
            }
        }
        guard let count, count > 0, let expression else { return nil }
        self.count = count
        self.expression = expression
    }

    /// The text a count takes, from 0 to `count - 1` (0 when the expression goes beyond, as gettext does).
    func form(for n: Int) -> Int {
        let form = expression.value(n: n)
        return form >= 0 && form < count ? form : 0
    }
}

/// A parsed plural expression.
private indirect enum Expression: Sendable {
    case number(Int)
    case n
    case not(Expression)
    case binary(String, Expression, Expression)
    case choice(Expression, Expression, Expression)

    /// The value for `n`; comparisons and logic give 1 or 0, division by zero gives 0.
    func value(n: Int) -> Int {
        switch self {
        case .number(let number): return number
        case .n: return n
        case .not(let operand): return operand.value(n: n) == 0 ? 1 : 0
        case .choice(let condition, let then, let otherwise): return condition.value(n: n) != 0 ? then.value(n: n) : otherwise.value(n: n)
        case .binary(let operation, let left, let right):
            let a = left.value(n: n)
            if operation == "&&" { return a != 0 && right.value(n: n) != 0 ? 1 : 0 }
            if operation == "||" { return a != 0 || right.value(n: n) != 0 ? 1 : 0 }
            let b = right.value(n: n)
            switch operation {
            case "*": return a &* b
            case "/": return b == 0 ? 0 : a / b
            case "%": return b == 0 ? 0 : a % b
            case "+": return a &+ b
            case "-": return a &- b
            case "<": return a < b ? 1 : 0
            case "<=": return a <= b ? 1 : 0
            case ">": return a > b ? 1 : 0
            case ">=": return a >= b ? 1 : 0
            case "==": return a == b ? 1 : 0
            default: return a != b ? 1 : 0
            }
        }
    }

    /// The binary operators from the loosest binding to the tightest, as in C.
    private static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"]]

    /// Parses `text` whole; nil when it is not a plural expression.
    static func parse(_ text: String) -> Expression? {
        var tokens = Tokens(text)
        guard let expression = choice(&tokens), tokens.atEnd else { return nil }
        return expression
    }

    private static func choice(_ tokens: inout Tokens) -> Expression? {
        guard let condition = binary(&tokens, level: 0) else { return nil }
        guard tokens.take("?") else { return condition }
        guard let then = choice(&tokens), tokens.take(":"), let otherwise = choice(&tokens) else { return nil }
        return .choice(condition, then, otherwise)
    }

    private static func binary(_ tokens: inout Tokens, level: Int) -> Expression? {
        guard level < levels.count else { return unary(&tokens) }
        guard var left = binary(&tokens, level: level + 1) else { return nil }
        while let operation = levels[level].first(where: { tokens.take($0) }) {
            guard let right = binary(&tokens, level: level + 1) else { return nil }
            left = .binary(operation, left, right)
        }
        return left
    }

    private static func unary(_ tokens: inout Tokens) -> Expression? {
        if tokens.take("!") { return unary(&tokens).map(Expression.not) }
        if tokens.take("(") {
            guard let inner = choice(&tokens), tokens.take(")") else { return nil }
            return inner
        }
        if tokens.take("n") { return .n }
        return tokens.number().map(Expression.number)
    }
}

/// The characters of a plural expression, read from the front, spaces skipped.
private struct Tokens {
    private var rest: Substring

    init(_ text: String) {
        rest = text[...]
    }

    var atEnd: Bool { rest.trimmingWhitespace.isEmpty }

    /// Takes `symbol` when it comes next (`!` only when it is not `!=`).
    mutating func take(_ symbol: String) -> Bool {
        rest = rest.trimmingWhitespace
        guard rest.hasPrefix(symbol) else { return false }
        if symbol == "!" && rest.hasPrefix("!=") { return false }
        rest = rest.dropFirst(symbol.count)
        return true
    }

    /// Takes a decimal number when one comes next.
    mutating func number() -> Int? {
        rest = rest.trimmingWhitespace
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let value = Int(digits) else { return nil }
        rest = rest.dropFirst(digits.count)
        return value
    }
}
