/// Whitespace handling shared by node text, option labels and error messages.
extension String {
    /// The HTML whitespace characters: space, tab, line feed, form feed, carriage return.
    private static let htmlWhitespace: Set<Unicode.Scalar> = [" ", "\t", "\n", "\u{0C}", "\r"]

    /// Runs of HTML whitespace collapsed to one space and trimmed at both ends, as a reader sees text.
    var collapsingWhitespace: String {
        unicodeScalars
            .split(whereSeparator: { Self.htmlWhitespace.contains($0) })
            .map { String(String.UnicodeScalarView($0)) }
            .joined(separator: " ")
    }

    /// The text without HTML whitespace at either end; inner whitespace is kept.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Self.htmlWhitespace.contains($0) }),
            let last = scalars.lastIndex(where: { !Self.htmlWhitespace.contains($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
