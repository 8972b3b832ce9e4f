/// The last stage: walks compiled elements against a context and appends UTF-8 to an output buffer.
struct Renderer {
    /// How deeply partials, parents and block overrides may nest before rendering stops with an error.
    static let maximumDepth = 100

    private let templates: [CompiledTemplate]
    private var context: ContextStack
    /// Arguments of the parent calls being rendered, outermost first: the outermost argument wins.
    private var argumentLayers: [[Argument]] = []
    /// The indentation of the standalone partials, parents and blocks being rendered, concatenated.
    var indentation: [UInt8] = []
    /// Whether the next template byte starts a line, so that indentation goes before it.
    var isAtLineStart = true
    private var depth = 0
    var output: [UInt8] = []

    /// Renders `templates[index]` with `context`, appending to `buffer`; on error `buffer` is left as it was.
    static func render(
        templateAt index: Int, of templates: [CompiledTemplate], context: MustacheValue, into buffer: inout [UInt8]
    ) throws(TemplateError) {
        var renderer = Renderer(templates: templates, context: ContextStack(root: context))
        let originalCount = buffer.count
        swap(&renderer.output, &buffer)
        defer { swap(&renderer.output, &buffer) }
        do {
            try renderer.render(templates[index].elements)
        } catch {
            renderer.output.removeSubrange(originalCount...)
            throw error
        }
    }

    private init(templates: [CompiledTemplate], context: ContextStack) {
        self.templates = templates
        self.context = context
    }

    private mutating func render(_ elements: [TemplateElement]) throws(TemplateError) {
        for element in elements {
            switch element {
            case .text(let text):
                write(text)
            case .variable(let variable):
                write(context.resolve(variable.path), isEscaped: variable.isEscaped)
            case .section(let section):
                try render(section)
            case .partial(let partial):
                try include(partial)
            case .parent(let parent):
                argumentLayers.append(parent.arguments)
                try include(parent)
                argumentLayers.removeLast()
            case .block(let block):
                try render(block)
            }
        }
    }

    private mutating func render(_ section: Section) throws(TemplateError) {
        let value = context.resolve(section.path)
        if section.isInverted {
            if !value.isTruthy { try render(section.content) }
        } else if case .list(let elements) = value {
            for element in elements {
                context.push(element)
                try render(section.content)
                context.pop()
            }
        } else if value.isTruthy {
            context.push(value)
            try render(section.content)
            context.pop()
        }
    }

    /// Renders a partial or parent in place; a template missing from the library renders nothing.
    private mutating func include(_ inclusion: Inclusion) throws(TemplateError) {
        guard let index = inclusion.templateIndex else { return }
        try enter(indentation: inclusion.indentation, at: inclusion.location)
        try render(templates[index].elements)
        leave(indentation: inclusion.indentation)
    }

    private mutating func render(_ block: Block) throws(TemplateError) {
        guard let argument = argument(named: block.name) else {
            return try render(block.defaultContent)
        }
        try enter(indentation: block.indentation, at: block.location)
        try render(argument)
        leave(indentation: block.indentation)
    }

    private func argument(named name: String) -> [TemplateElement]? {
        for layer in argumentLayers {
            if let argument = layer.first(where: { $0.name == name }) {
                return argument.content
            }
        }
        return nil
    }

    private mutating func enter(indentation added: [UInt8], at location: SourceLocation) throws(TemplateError) {
        guard depth < Self.maximumDepth else {
            throw TemplateError(.recursionTooDeep, template: location.template, line: location.line)
        }
        depth += 1
        indentation += added
    }

    private mutating func leave(indentation added: [UInt8]) {
        depth -= 1
        indentation.removeLast(added.count)
    }
}
