/// The Prometheus text format, version 0.0.4: `# HELP` and `# TYPE` before each family's samples,
/// one sample per line, label values escaped.
public struct Exposition {
    /// The content type of a scrape's answer.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    private(set) public var text = ""

    public init() {}

    /// Starts a family: its help line and type (`counter`, `gauge`, `histogram`).
    public mutating func family(_ name: String, _ type: String, help: String) {
        text += "# HELP \(name) \(Self.escapedHelp(help))\n# TYPE \(name) \(type)\n"
    }

    /// One sample of the family started last.
    public mutating func sample(_ name: String, _ labels: [(String, String)] = [], _ value: Double) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.0)=\"\(Self.escapedLabel($0.1))\"" }.joined(separator: ",") + "}"
        }
        text += " " + Self.number(value) + "\n"
    }

    /// One sample with a whole number.
    public mutating func sample(_ name: String, _ labels: [(String, String)] = [], _ value: Int) {
        sample(name, labels, Double(value))
    }

    /// The samples of a histogram `name` with `labels`: cumulative buckets, sum and count.
    public mutating func histogram(_ name: String, _ labels: [(String, String)], _ histogram: Histogram) {
        let (cumulative, sum) = histogram.snapshot
        for (bound, count) in zip(histogram.bounds, cumulative) {
            sample(name + "_bucket", labels + [("le", Self.number(bound))], count)
        }
        sample(name + "_bucket", labels + [("le", "+Inf")], cumulative.last ?? 0)
        sample(name + "_sum", labels, sum)
        sample(name + "_count", labels, cumulative.last ?? 0)
    }

    /// A number as the format writes it: whole numbers without a fraction, NaN and infinities by name.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    private static func escapedHelp(_ text: String) -> String {
        escaped(text, quotes: false)
    }

    private static func escapedLabel(_ text: String) -> String {
        escaped(text, quotes: true)
    }

    /// Backslashes and line feeds escaped, and double quotes too in label values.
    private static func escaped(_ text: String, quotes: Bool) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\"" where quotes: result += "\\\""
            default: result.append(character)
            }
        }
        return result
    }
}
