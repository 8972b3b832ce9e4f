/// The last stage: runs compiled templates against a context and appends UTF-8 to an output buffer.
struct Renderer {
    /// How deeply partials, parents and block overrides may nest before rendering stops with an error.
    static let maximumDepth = 100

    /// The arguments of one parent call, with the template whose instructions they are.
    private struct ArgumentLayer {
        let template: CompiledTemplate
        let arguments: [Argument]
    }

    private let templates: [CompiledTemplate]
    private var context: ContextStack
    /// Arguments of the parent calls being rendered, outermost first: the outermost argument wins.
    private var argumentLayers: [ArgumentLayer] = []
    /// The indentation of the standalone partials, parents and blocks being rendered, concatenated.
    var indentation: [UInt8] = []
    /// Whether the next template byte starts a line, so that indentation goes before it.
    var isAtLineStart = true
    private var depth = 0
    /// When true, a variable whose first key nothing in the context has is an error.
    private let requiresNames: Bool
    var output: [UInt8] = []

    /// Renders `templates[index]` with `context`, appending to `buffer`; on error `buffer` is left as it was.
    /// With `requiresNames`, a `{{name}}` that the context cannot resolve throws `missingName`.
    static func render(
        templateAt index: Int, of templates: [CompiledTemplate], context: MustacheValue, requiresNames: Bool = false,
        into buffer: inout [UInt8]
    ) throws(TemplateError) {
        var renderer = Renderer(templates: templates, context: ContextStack(root: context), requiresNames: requiresNames)
        let originalCount = buffer.count
        swap(&renderer.output, &buffer)
        defer { swap(&renderer.output, &buffer) }
        do {
            let template = templates[index]
            try renderer.run(template, template.instructions.indices)
        } catch {
            renderer.output.removeSubrange(originalCount...)
            throw error
        }
    }

    private init(templates: [CompiledTemplate], context: ContextStack, requiresNames: Bool) {
        self.templates = templates
        self.context = context
        self.requiresNames = requiresNames
    }

    /// Runs the instructions of `template` in `range`.
    private mutating func run(_ template: CompiledTemplate, _ range: Range<Int>) throws(TemplateError) {
        var index = range.lowerBound
        while index < range.upperBound {
            switch template.instructions[index] {
            case .text(let bytes):
                write(bytes, of: template)
                index += 1
            case .literal(let literal):
                write(template.literals[literal], of: template)
                index += 1
            case .variable(let path, let isEscaped):
                if requiresNames, path.count > 0, !context.hasValue(named: template.keys[path.start]) {
                    throw TemplateError(.missingName(template.keys[path.start]), template: template.name, line: 0)
                }
                write(context.resolve(path, keys: template.keys), isEscaped: isEscaped)
                index += 1
            case .section(let path, let isInverted, let end):
                let value = context.resolve(path, keys: template.keys)
                try runSection(template, index + 1..<end, for: value, isInverted: isInverted)
                index = end
            case .constantSection(let constant, let end):
                try runSection(template, index + 1..<end, for: template.constants[constant], isInverted: false)
                index = end
            case .partial(let inclusion):
                try include(template.inclusions[inclusion])
                index += 1
            case .parent(let inclusion, let end):
                let parent = template.inclusions[inclusion]
                argumentLayers.append(ArgumentLayer(template: template, arguments: parent.arguments))
                try include(parent)
                argumentLayers.removeLast()
                index = end
            case .block(let block, let end):
                try runBlock(template.blocks[block], default: template, index + 1..<end)
                index = end
            }
        }
    }

    private mutating func runSection(
        _ template: CompiledTemplate, _ content: Range<Int>, for value: MustacheValue, isInverted: Bool
    ) throws(TemplateError) {
        if isInverted {
            if !value.isTruthy { try run(template, content) }
        } else if case .list(let elements) = value {
            for element in elements {
                context.push(element)
                try run(template, content)
                context.pop()
            }
        } else if value.isTruthy {
            context.push(value)
            try run(template, content)
            context.pop()
        }
    }

    /// Renders a partial or parent in place; a template missing from the library renders nothing.
    private mutating func include(_ inclusion: Inclusion) throws(TemplateError) {
        guard let index = inclusion.templateIndex else { return }
        try enter(indentation: inclusion.indentation, at: inclusion.location)
        let included = templates[index]
        try run(included, included.instructions.indices)
        leave(indentation: inclusion.indentation)
    }

    /// Runs the argument an enclosing parent call passes for `block`, or else the default content.
    private mutating func runBlock(
        _ block: Block, default template: CompiledTemplate, _ content: Range<Int>
    ) throws(TemplateError) {
        for layer in argumentLayers {
            if let argument = layer.arguments.first(where: { $0.name == block.name }) {
                try enter(indentation: block.indentation, at: block.location)
                try run(layer.template, argument.content)
                leave(indentation: block.indentation)
                return
            }
        }
        try run(template, content)
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
