/// The values sections have pushed, innermost last; names are looked up from the innermost outwards.
struct ContextStack {
    private var values: [MustacheValue]

    init(root: MustacheValue) {
        values = []
        values.reserveCapacity(16)
        values.append(root)
    }

    mutating func push(_ value: MustacheValue) {
        values.append(value)
    }

    mutating func pop() {
        values.removeLast()
    }

    /// The value `path` names (its keys are in `keys`), or null when any key is missing.
    ///
    /// The first key is looked up in the innermost object that has it; further keys only inside that
    /// result, never further out (`{{a.b}}` is empty when the nearest `a` lacks `b`).
    func resolve(_ path: ValuePath, keys: [String]) -> MustacheValue {
        guard path.count > 0 else { return values[values.count - 1] }
        guard var value = lookUp(keys[path.start]) else { return .null }
        for index in path.start + 1..<path.start + path.count {
            guard case .object(let fields) = value, let field = fields[keys[index]] else { return .null }
            value = field
        }
        return value
    }

    /// True when some value in the context, from the innermost outwards, has `key`.
    func hasValue(named key: String) -> Bool {
        lookUp(key) != nil
    }

    private func lookUp(_ key: String) -> MustacheValue? {
        var index = values.count - 1
        while index >= 0 {
            if case .object(let fields) = values[index], let field = fields[key] {
                return field
            }
            index -= 1
        }
        return nil
    }
}
