extension TemplateLibrary {
    /// A copy of this library in which `name` always means `value`: every tag naming it or a key under
    /// it (`{{t.home_title}}`, `{{{t.notice}}}`, `{{#t.flag}}`) is resolved once, here, not at each render.
    ///
    /// Interpolations become pre-escaped literal text, merged with the text around them; a key `value`
    /// lacks renders as nothing, as it would at render time. This holds in every template, partial, parent
    /// and block. Output equals rendering this library with `name: value` in the top-level context, as
    /// long as no inner context has its own `name`: the name is reserved, and a render's values can
    /// neither supply nor shadow it.
    ///
    /// - Parameters:
    ///   - name: A single key, such as `"t"`: not empty and without dots.
    ///   - value: The constant, usually an object such as a message catalog.
    public func bindingConstant(_ name: String, to value: MustacheValue) -> TemplateLibrary {
        precondition(!name.isEmpty && !name.contains("."), "a constant's name is a single key, not \"\(name)\"")
        return mappingTemplates { ConstantFolder.folded($0, binding: name, to: value) }
    }
}
