/// Changing a form the way a user would: typing, choosing options, ticking boxes.
extension HTMLForm {
    /// Types `value` into the text-like input or textarea `name`, or chooses the option of select
    /// `name` whose value (or else visible label) is `value`. Hidden inputs may be filled too, as a
    /// hostile client could. Throws when there is no such control, when it is a checkbox, radio or
    /// button, when it is disabled or read-only, or when the select has no such enabled option.
    public mutating func fill(_ name: String, _ value: String) throws {
        let named = try controlIndices(named: name)
        guard let index = named.first(where: { controls[$0].isFillable }) else {
            throw FormError.wrongControl(name: name, control: controls[named[0]].summary, operation: "fill")
        }
        try requireEditable(index)
        if case .select = controls[index].kind {
            try controls[index].select(value)
        } else {
            controls[index].value = value
        }
    }

    /// Ticks the checkbox or radio button `name`; with several of that name, `value` picks one.
    /// Checking a radio button unchecks the others of its group.
    public mutating func check(_ name: String, value: String? = nil) throws {
        let index = try checkableIndex(named: name, value: value, operation: "check")
        if case .checkable(isRadio: true) = controls[index].kind {
            for other in controls.indices where controls[other].name == name {
                controls[other].isChecked = false
            }
        }
        controls[index].isChecked = true
    }

    /// Clears the checkbox or radio button `name`; with several of that name, `value` picks one.
    public mutating func uncheck(_ name: String, value: String? = nil) throws {
        let index = try checkableIndex(named: name, value: value, operation: "uncheck")
        controls[index].isChecked = false
    }

    /// The indices of the controls named `name`; throws, listing the names there are, when none.
    private func controlIndices(named name: String) throws -> [Int] {
        let named = controls.indices.filter { controls[$0].name == name }
        guard !named.isEmpty else {
            throw FormError.noControl(name: name, available: controlNames)
        }
        return named
    }

    /// The one checkbox or radio button `name` (with `value`, when given) that a user could change.
    private func checkableIndex(named name: String, value: String?, operation: String) throws -> Int {
        let named = try controlIndices(named: name)
        let checkable = named.filter { controls[$0].isCheckable }
        guard !checkable.isEmpty else {
            throw FormError.wrongControl(name: name, control: controls[named[0]].summary, operation: operation)
        }
        let values = checkable.map { controls[$0].value }
        let matching = checkable.filter { value == nil || controls[$0].value == value }
        guard let index = matching.first else {
            throw FormError.unknownChoice(name: name, value: value ?? "", values: values)
        }
        guard matching.count == 1 else {
            throw FormError.ambiguous(name: name, values: values)
        }
        try requireEditable(index)
        return index
    }

    private func requireEditable(_ index: Int) throws {
        let control = controls[index]
        guard !control.isDisabled && !control.isReadOnly else {
            throw FormError.notEditable(name: control.name, control: control.summary)
        }
    }
}
