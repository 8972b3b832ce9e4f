/// Reading a control out of the parsed page the way a browser sets it up on load.
extension FormControl {
    /// Reads `element` (an `input`, `select`, `textarea` or `button`).
    init(_ element: HTMLNode) {
        let type = element.attribute("type")?.trimmingWhitespace.lowercased()
        let isSubmitter = element.name == "button" ? (type ?? "submit") == "submit" : type == "submit" || type == "image"
        kind = Self.kind(tag: element.name, type: type ?? "text", multiple: element.attribute("multiple") != nil)
        name = element.attribute("name") ?? ""
        isChecked = element.attribute("checked") != nil
        isDisabled = element.attribute("disabled") != nil || element.count("ancestor::fieldset[@disabled]") > 0
        isReadOnly = element.attribute("readonly") != nil
        actionOverride = isSubmitter ? element.attribute("formaction") : nil
        methodOverride = isSubmitter ? element.attribute("formmethod") : nil
        enctypeOverride = isSubmitter ? element.attribute("formenctype") : nil
        summary = element.description
        if case .select(let isMultiple) = kind {
            let listed = Self.options(of: element)
            options = isMultiple ? listed : Self.resolvingSingleSelection(listed)
        } else {
            options = []
        }
        switch kind {
        case .textArea: value = Self.textAreaValue(element.rawText)
        case .checkable: value = element.attribute("value") ?? "on"
        default: value = element.attribute("value") ?? ""
        }
    }

    private static func kind(tag: String, type: String, multiple: Bool) -> Kind {
        switch tag {
        case "textarea": return .textArea
        case "select": return .select(isMultiple: multiple)
        case "button": return type == "submit" ? .submitButton(isImage: false) : .inert
        default: break
        }
        switch type {
        case "checkbox", "radio": return .checkable(isRadio: type == "radio")
        case "submit", "image": return .submitButton(isImage: type == "image")
        case "reset", "button", "file": return .inert
        default: return .textual(type: type) // unknown types are text, as in browsers
        }
    }

    /// The options of a select; an option's value defaults to its text, whitespace collapsed.
    private static func options(of select: HTMLNode) -> [Option] {
        select.nodes(".//option").map { option in
            let label = option.text
            let isDisabled = option.attribute("disabled") != nil || option.count("ancestor::optgroup[@disabled]") > 0
            return Option(
                value: option.attribute("value") ?? label,
                label: label,
                isSelected: option.attribute("selected") != nil,
                isDisabled: isDisabled
            )
        }
    }

    /// A single select shows one option: the last one marked selected, else the first enabled one.
    private static func resolvingSingleSelection(_ options: [Option]) -> [Option] {
        let chosen = options.lastIndex(where: \.isSelected) ?? options.firstIndex(where: { !$0.isDisabled })
        var resolved = options
        for index in resolved.indices {
            resolved[index].isSelected = index == chosen
        }
        return resolved
    }

    /// A textarea's value: its text without the one line feed that may follow `<textarea>`.
    private static func textAreaValue(_ text: String) -> String {
        if text.hasPrefix("\r\n") { return String(text.dropFirst()) } // "\r\n" is one Character
        if text.hasPrefix("\n") { return String(text.dropFirst()) }
        return text
    }
}
