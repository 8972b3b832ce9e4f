/// Finds partial and parent tags that name templates missing from the library.
enum ReferenceCheck {
    /// Throws for the first unresolved partial or parent in `elements`, in template order.
    static func check(_ elements: [TemplateElement]) throws(TemplateError) {
        for element in elements {
            switch element {
            case .text, .variable:
                break
            case .section(let section):
                try check(section.content)
            case .block(let block):
                try check(block.defaultContent)
            case .partial(let partial):
                if partial.templateIndex == nil {
                    throw TemplateError(.missingPartial(partial.name), template: partial.location.template, line: partial.location.line)
                }
            case .parent(let parent):
                if parent.templateIndex == nil {
                    throw TemplateError(.missingParent(parent.name), template: parent.location.template, line: parent.location.line)
                }
                for argument in parent.arguments {
                    try check(argument.content)
                }
            }
        }
    }
}
