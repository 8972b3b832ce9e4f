/// A catalog text cut at its placeholders, filled with arguments by number: `%1$@` shows the first
/// argument, `%2$@` the second, wherever the translation puts them; a text of one argument may
/// write it `%@`. A `%` followed by anything else is text (`5%`).
struct MessagePattern: Sendable {
    /// The text before, between and after the placeholders: one more piece than `slots`.
    private let pieces: [String]
    /// The argument each placeholder shows, from 0, in the order they stand.
    private let slots: [Int]
    /// How many placeholders are written `%@` and how many `%N$@`.
    private let unnumbered: Int, numbered: Int

    /// Cuts `text` at its placeholders.
    init(_ text: String) {
        var pieces: [String] = [], slots: [Int] = [], unnumbered = 0, numbered = 0
        var piece = ""
        var rest = text[...]
        while let percent = rest.firstIndex(of: "%") {
            piece += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            if after.first == "@" {
                pieces.append(piece)
                piece = ""
                slots.append(unnumbered)
                unnumbered += 1
                rest = after.dropFirst()
            } else if !digits.isEmpty, after.dropFirst(digits.count).hasPrefix("$@"), let number = Int(digits), number > 0 {
                pieces.append(piece)
                piece = ""
                slots.append(number - 1)
                numbered += 1
                rest = after.dropFirst(digits.count + 2)
            } else {
                piece += "%"
                rest = after
            }
        }
        pieces.append(piece + rest)
        self.pieces = pieces
        self.slots = slots
        self.unnumbered = unnumbered
        self.numbered = numbered
    }

    /// Whether `text` may hold a placeholder (it has a `%`); texts without one need no pattern.
    static func mayHavePlaceholders(_ text: String) -> Bool {
        text.utf8.contains(UInt8(ascii: "%"))
    }

    /// Whether the text has any placeholder.
    var hasPlaceholders: Bool { !slots.isEmpty }

    /// The argument numbers the text shows (from 1), each once, in order.
    var argumentNumbers: [Int] { Set(slots).map { $0 + 1 }.sorted() }

    /// The text with each placeholder replaced by its argument (an argument not given shows nothing).
    func filled(with arguments: [String]) -> String {
        var result = pieces[0]
        for (index, slot) in slots.enumerated() {
            if slot < arguments.count { result += arguments[slot] }
            result += pieces[index + 1]
        }
        return result
    }

    /// What is wrong with the placeholders of the text of `key`, if anything: numbered and
    /// unnumbered mixed, or several unnumbered ones (a translation could not reorder them).
    func problem(key: String) -> CatalogError.Reason? {
        if unnumbered > 0 && numbered > 0 { return .mixedPlaceholders(key: key) }
        if unnumbered > 1 { return .unnumberedPlaceholders(key: key) }
        return nil
    }

    /// The first argument number missing below the highest one in `numbers` (`[1, 3]` → 2).
    static func gap(in numbers: [Int]) -> Int? {
        guard let highest = numbers.max() else { return nil }
        return (1...highest).first { !numbers.contains($0) }
    }
}
