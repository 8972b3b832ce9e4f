/// One thing wrong with a page's markup: which rule it breaks, where, and a readable message.
public struct MarkupProblem: Sendable, Hashable, CustomStringConvertible {
    /// The rule a page breaks.
    public enum Rule: String, Sendable, Hashable {
        /// libxml2 reported a parse error (other than an HTML5 element it does not know).
        case syntax
        /// An element is never closed, closed out of order, or an end tag has no start tag.
        case balancedTags
        /// The page must have one `<html>` element with a non-empty `lang` attribute.
        case language
        /// The page must have exactly one non-empty `<title>`.
        case title
        /// Every `id` must be used by one element only.
        case uniqueIDs
        /// Every POST form must carry a non-empty hidden `csrf` input.
        case csrfTokens
        /// Every `<img>` must have an `alt` attribute.
        case imageAlternatives
        /// Every visible form control must have a label.
        case labels
    }

    /// The rule the page breaks.
    public let rule: Rule
    /// The 1-based line of the source where the problem is; 0 when libxml2 gives none.
    public let line: Int
    /// What is wrong, naming the element (tag plus name or id).
    public let message: String

    /// Creates a problem found on `line`.
    public init(rule: Rule, line: Int, message: String) {
        self.rule = rule
        self.line = line
        self.message = message
    }

    /// `line 12: [label] <input name="email"> has no label`.
    public var description: String {
        "line \(line): [\(rule.rawValue)] \(message)"
    }
}
