import Foundation

/// Why finding, filling or submitting a form failed; each message says what the page offers instead.
public enum FormError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// No node matches the XPath given to `HTMLDocument.form(_:)`.
    case noForm(xpath: String)
    /// The XPath matched an element that is not a `<form>`.
    case notAForm(xpath: String, found: String)
    /// No form has this exact `action`; `available` lists the actions on the page.
    case noFormWithAction(String, available: [String])
    /// The form has no control with this name; `available` lists its control names.
    case noControl(name: String, available: [String])
    /// The control cannot take this operation (e.g. `fill` on a checkbox).
    case wrongControl(name: String, control: String, operation: String)
    /// The control is disabled (or read-only), so a user could not change it.
    case notEditable(name: String, control: String)
    /// No option of the select has this value or label.
    case unknownOption(name: String, value: String, options: [String])
    /// The option exists but is disabled.
    case disabledOption(name: String, value: String)
    /// No checkbox or radio button of this name has this value.
    case unknownChoice(name: String, value: String, values: [String])
    /// Several controls match; say which one with `value:`.
    case ambiguous(name: String, values: [String])
    /// No enabled submit button has this name (and value).
    case noSubmitButton(name: String, value: String?, available: [String])

    /// A sentence naming the form or control and what there is instead.
    public var description: String {
        switch self {
        case .noForm(let xpath):
            return "no form matches \(xpath)"
        case .notAForm(let xpath, let found):
            return "\(xpath) matches \(found), not a <form>"
        case .noFormWithAction(let action, let available):
            return "no form has action \"\(action)\"; the page's forms have actions \(Self.list(available))"
        case .noControl(let name, let available):
            return "the form has no control named \"\(name)\"; it has \(Self.list(available))"
        case .wrongControl(let name, let control, let operation):
            return "cannot \(operation) \"\(name)\": it is \(control)"
        case .notEditable(let name, let control):
            return "cannot change \"\(name)\": \(control) is disabled or read-only"
        case .unknownOption(let name, let value, let options):
            return "select \"\(name)\" has no option \"\(value)\"; its options are \(Self.list(options))"
        case .disabledOption(let name, let value):
            return "option \"\(value)\" of select \"\(name)\" is disabled"
        case .unknownChoice(let name, let value, let values):
            return "no checkbox or radio button \"\(name)\" has value \"\(value)\"; values are \(Self.list(values))"
        case .ambiguous(let name, let values):
            return "\"\(name)\" names several controls (values \(Self.list(values))); pass value: to pick one"
        case .noSubmitButton(let name, let value, let available):
            let wanted = value.map { "\(name)=\($0)" } ?? name
            return "the form has no enabled submit button \"\(wanted)\"; its buttons are \(Self.list(available))"
        }
    }

    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }

    private static func list(_ items: [String]) -> String {
        items.isEmpty ? "none" : items.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
