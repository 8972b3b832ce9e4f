/// A form copied out of a page: its controls with their current state, ready to fill and submit.
///
/// It is a value: filling a copy leaves the original alone, and it does not refer to the page.
public struct HTMLForm: Sendable {
    /// `GET` or `POST`; `GET` when the `method` attribute is absent or unknown.
    public let method: String
    /// The `action` attribute as written, `""` when absent.
    public let action: String
    /// The encoding type, lowercase; `application/x-www-form-urlencoded` by default.
    public let enctype: String
    /// Every control in document order, submitted or not, with its current state.
    var controls: [FormControl]

    /// Reads the form `element` and every control that belongs to it: those inside it, and those
    /// elsewhere whose `form` attribute names its id.
    init(_ element: HTMLNode) {
        method = Self.method(element.attribute("method")) ?? "GET"
        action = element.attribute("action") ?? ""
        enctype = Self.enctype(element.attribute("enctype"))
        let formID = element.attribute("id")
        controls = element.nodes("//*[self::input or self::select or self::textarea or self::button]")
            .filter { control in
                guard let owner = control.attribute("form") else { return control.isInside(element) }
                return owner == formID
            }
            .map(FormControl.init)
    }

    /// The data a browser would submit without pressing a named button: successful controls in
    /// document order (checked boxes, selected options; no buttons, nothing disabled or unnamed).
    public var fields: [(name: String, value: String)] {
        controls.flatMap { control in control.submittedValues.map { (name: control.name, value: $0) } }
    }

    /// The first submitted value named `name`, or nil when nothing of that name would be sent.
    public func value(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// The names of all controls, each once, in document order.
    public var controlNames: [String] {
        var seen: Set<String> = []
        return controls.map(\.name).filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// What submitting the form sends. Without `button`, only the fields (as pressing Enter in a
    /// form without submit buttons). With `button`, the enabled submit button of that name (and
    /// `value`, when several share the name) adds its name and value at its place in the data, and
    /// its `formaction`, `formmethod` and `formenctype` apply. Throws when no such button exists,
    /// so a misspelt button fails the test instead of silently submitting something else.
    public func submission(button name: String? = nil, value: String? = nil) throws -> FormSubmission {
        guard let name else {
            return FormSubmission(
                method: method, action: action, enctype: enctype,
                fields: fields.map { FormField(name: $0.name, value: $0.value) })
        }
        let submitter = try submitButtonIndex(named: name, value: value)
        let button = controls[submitter]
        let data = controls.indices.flatMap { index in
            index == submitter
                ? button.submitterEntries
                : controls[index].submittedValues.map { FormField(name: controls[index].name, value: $0) }
        }
        return FormSubmission(
            method: Self.method(button.methodOverride) ?? method,
            action: button.actionOverride ?? action,
            enctype: button.enctypeOverride.map(Self.enctype) ?? enctype,
            fields: data
        )
    }

    /// The one enabled submit button `name` (with `value`, when given).
    private func submitButtonIndex(named name: String, value: String?) throws -> Int {
        let buttons = controls.indices.filter { index in
            guard case .submitButton = controls[index].kind, !controls[index].isDisabled else { return false }
            return controls[index].name == name && (value == nil || controls[index].value == value)
        }
        guard let first = buttons.first else {
            let available = controls.filter { if case .submitButton = $0.kind { true } else { false } }
            throw FormError.noSubmitButton(name: name, value: value, available: available.map { "\($0.name)=\($0.value)" })
        }
        guard value != nil || Set(buttons.map { controls[$0].value }).count == 1 else {
            throw FormError.ambiguous(name: name, values: buttons.map { controls[$0].value })
        }
        return first
    }

    /// `GET` or `POST` for a `method` attribute, nil when absent or not one of those.
    private static func method(_ attribute: String?) -> String? {
        let method = attribute?.trimmingWhitespace.uppercased()
        return method == "GET" || method == "POST" ? method : nil
    }

    /// The lowercase encoding type, the default when absent or unknown.
    private static func enctype(_ attribute: String?) -> String {
        let known = ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]
        let enctype = attribute?.trimmingWhitespace.lowercased() ?? ""
        return known.contains(enctype) ? enctype : known[0]
    }
}
