/// One control of a form, copied out of the page with everything needed to fill and submit it.
struct FormControl: Sendable {
    /// How a control takes part in submission.
    enum Kind: Sendable, Equatable {
        /// An `<input>` typed into (text, hidden, password, email, date…); `type` is lowercase.
        case textual(type: String)
        /// A checkbox or radio button.
        case checkable(isRadio: Bool)
        /// A `<textarea>`.
        case textArea
        /// A `<select>`; `isMultiple` when several options may be selected.
        case select(isMultiple: Bool)
        /// A submit button (`<button>`, `<input type="submit">`); `isImage` for `<input type="image">`.
        case submitButton(isImage: Bool)
        /// Never submitted: reset and plain buttons, file inputs.
        case inert
    }

    /// An `<option>` of a select.
    struct Option: Sendable {
        let value: String
        let label: String
        var isSelected: Bool
        let isDisabled: Bool
    }

    let kind: Kind
    /// The `name` attribute, `""` when absent (then the control is never submitted).
    let name: String
    /// The current value: typed text, the checkbox value (default `on`), or the button value.
    var value: String
    var isChecked: Bool
    var options: [Option]
    let isDisabled: Bool
    let isReadOnly: Bool
    /// A submit button's `formaction`, `formmethod` and `formenctype`, overriding the form's.
    let actionOverride: String?
    let methodOverride: String?
    let enctypeOverride: String?
    /// The element as a short start tag, for error messages.
    let summary: String

    /// The values this control contributes to the form data, ignoring submit buttons.
    var submittedValues: [String] {
        guard !name.isEmpty, !isDisabled else { return [] }
        switch kind {
        case .textual, .textArea: return [value]
        case .checkable: return isChecked ? [value] : []
        case .select: return options.filter { $0.isSelected && !$0.isDisabled }.map(\.value)
        case .submitButton, .inert: return []
        }
    }

    /// The entries this control adds when it is the button that submits the form.
    var submitterEntries: [FormField] {
        guard case .submitButton(let isImage) = kind else { return [] }
        guard isImage else { return name.isEmpty ? [] : [FormField(name: name, value: value)] }
        let prefix = name.isEmpty ? "" : name + "."
        return [FormField(name: prefix + "x", value: "0"), FormField(name: prefix + "y", value: "0")]
    }

    /// Whether `fill` applies: text-like inputs, textareas and selects.
    var isFillable: Bool {
        switch kind {
        case .textual, .textArea, .select: return true
        case .checkable, .submitButton, .inert: return false
        }
    }

    /// Whether `check` and `uncheck` apply.
    var isCheckable: Bool {
        if case .checkable = kind { return true }
        return false
    }

    /// Selects the option whose value (or else label) is `choice`; throws when none matches.
    mutating func select(_ choice: String) throws {
        guard
            let index = options.firstIndex(where: { $0.value == choice })
                ?? options.firstIndex(where: { $0.label == choice })
        else {
            throw FormError.unknownOption(name: name, value: choice, options: options.map(\.value))
        }
        guard !options[index].isDisabled else {
            throw FormError.disabledOption(name: name, value: choice)
        }
        for other in options.indices {
            options[other].isSelected = other == index
        }
    }
}
