/// Finds partial and parent tags that name templates missing from the library.
enum ReferenceCheck {
    /// Throws for the unresolved partial or parent that comes first in `template`.
    static func check(_ template: CompiledTemplate) throws(TemplateError) {
        let missing = template.inclusions.filter { $0.templateIndex == nil }
        guard let first = missing.min(by: { $0.location.line < $1.location.line }) else { return }
        let reason: TemplateError.Reason =
            switch first.kind {
            case .partial: .missingPartial(first.name)
            case .parent: .missingParent(first.name)
            }
        throw TemplateError(reason, template: first.location.template, line: first.location.line)
    }
}
