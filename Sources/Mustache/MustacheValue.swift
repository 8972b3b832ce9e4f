/// A value a template renders: view-models are built from these.
///
/// Sections treat `null`, `false`, the empty string and the empty list as false; every other value,
/// including `0` and the empty object, is true. Interpolating a list or an object writes nothing.
public enum MustacheValue: Sendable, Equatable {
    /// No value: renders as nothing and counts as false in sections.
    case null
    /// A flag: renders as `true` or `false`.
    case bool(Bool)
    /// A whole number: renders in decimal, as in `85`.
    case int(Int)
    /// A decimal number: renders the shortest form that reads back exactly, as in `1.21` or `1.0`.
    case double(Double)
    /// Text: HTML-escaped by `{{name}}`, written as is by `{{{name}}}` and `{{& name}}`.
    case string(String)
    /// Text already in UTF-8 (a piece of a fragment rendered before, say), written as `string` is:
    /// copied without decoding it again.
    case utf8(ArraySlice<UInt8>)
    /// A sequence: a section renders its content once per element.
    case list([MustacheValue])
    /// Named values: a section pushes the object so that its keys can be looked up by name.
    case object(MustacheObject)
}

extension MustacheValue {
    /// Whether a section renders its content for this value (an inverted section renders when false).
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let flag): flag
        case .string(let text): !text.isEmpty
        case .utf8(let bytes): !bytes.isEmpty
        case .list(let elements): !elements.isEmpty
        case .int, .double, .object: true
        }
    }

    /// Whether interpolating the value writes anything: null, lists, objects and the empty string write nothing.
    var writesText: Bool {
        switch self {
        case .null, .list, .object: false
        case .string(let text): !text.isEmpty
        case .utf8(let bytes): !bytes.isEmpty
        case .bool, .int, .double: true
        }
    }
}
