import Mustache

/// One labelled form control as the `forms/_field` partial draws it: label, control, hint and the
/// error message tied to the control with `aria-describedby`.
struct FieldViewModel: Encodable {
    /// Which control to draw.
    enum Control { case input(type: String), select(options: [(value: String, label: String)]), textArea }

    let name: String
    let label: String
    var control: Control = .input(type: "text")
    var value: String = ""
    var hint: String?
    var error: String?
    var isRequired = true
    var autocomplete: String?
    var maxLength: Int?
    var inputMode: String?

    func encode(to encoder: any Encoder) throws {
        try mustacheValue.encode(to: encoder)
    }

    var mustacheValue: MustacheValue {
        let id = "field-" + name.replacingAll("_", with: "-")
        var described: [String] = []
        if hint != nil { described.append(id + "-hint") }
        if error != nil { described.append(id + "-error") }
        var object: MustacheObject = [
            "id": .string(id), "name": .string(name), "label": .string(label), "value": .string(value),
            "required": .bool(isRequired), "describedBy": .string(described.joined(separator: " ")),
        ]
        if let hint { object["hint"] = .string(hint) }
        if let error { object["error"] = .string(error) }
        if let autocomplete { object["autocomplete"] = .string(autocomplete) }
        if let maxLength { object["maxLength"] = .int(maxLength) }
        if let inputMode { object["inputMode"] = .string(inputMode) }
        switch control {
        case .input(let type):
            object["input"] = .object(["type": .string(type)])
        case .select(let options):
            // `required` on a select only means something when its first option is an empty
            // "Choose…"; HTML forbids it otherwise (a default such as the resident ID card is a choice).
            let asksForChoice = isRequired && options.first?.value == ""
            object["select"] = .object(["required": .bool(asksForChoice), "options": .list(options.map { option in
                .object(["value": .string(option.value), "label": .string(option.label), "selected": .bool(option.value == value)])
            })])
        case .textArea:
            object["textArea"] = .bool(true)
        }
        return .object(object)
    }
}
