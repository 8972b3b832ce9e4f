/// Which markup rules `HTMLDocument` enforces on top of libxml2's own parse errors (always enforced).
public struct MarkupChecks: OptionSet, Sendable {
    /// The raw bit set.
    public let rawValue: Int

    /// Creates a set from its raw bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Every non-void element is closed explicitly and in order; libxml2 closes most elements silently.
    public static let balancedTags = MarkupChecks(rawValue: 1 << 0)
    /// One `<html>` with a non-empty `lang`.
    public static let language = MarkupChecks(rawValue: 1 << 1)
    /// Exactly one non-empty `<title>`.
    public static let title = MarkupChecks(rawValue: 1 << 2)
    /// No `id` is used twice.
    public static let uniqueIDs = MarkupChecks(rawValue: 1 << 3)
    /// Every `<form method="post">` holds a non-empty `<input type="hidden" name="csrf">`.
    public static let csrfTokens = MarkupChecks(rawValue: 1 << 4)
    /// Every `<img>` has an `alt` attribute (empty is fine for decoration).
    public static let imageAlternatives = MarkupChecks(rawValue: 1 << 5)
    /// Every visible `input`, `select` and `textarea` has a `<label>` or an `aria-label`.
    public static let labels = MarkupChecks(rawValue: 1 << 6)

    /// Syntax only (libxml2 errors and balanced tags): for fragments and pages that are not ours.
    public static let parseOnly: MarkupChecks = [.balancedTags]
    /// Every rule: what each Railbook page must pass.
    public static let all: MarkupChecks = [
        .balancedTags, .language, .title, .uniqueIDs, .csrfTokens, .imageAlternatives, .labels,
    ]
}
