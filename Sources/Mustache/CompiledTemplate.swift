/// The third stage's product: a template ready to render, with literal text already in UTF-8,
/// names already split into keys, and partials and parents already resolved to library indices.
struct CompiledTemplate: Sendable {
    /// The library name, such as `"home/index"`.
    let name: String
    let elements: [TemplateElement]

    /// Runs the lexer, the whitespace rules and the parser over `source`.
    /// `templateIndex` maps every library name to its index, for resolving partials and parents.
    init(name: String, source: [UInt8], templateIndex: [String: Int]) throws(TemplateError) {
        let tokens = StandaloneLines.applied(to: try Lexer.tokens(in: source, templateName: name))
        self.name = name
        self.elements = try Parser.elements(from: tokens, templateName: name, templateIndex: templateIndex)
    }
}

/// One renderable piece of a compiled template.
enum TemplateElement: Sendable {
    /// Literal text.
    case text(Text)
    /// `{{name}}`, `{{{name}}}` or `{{& name}}`.
    case variable(Variable)
    /// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
    case section(Section)
    /// `{{> name}}`.
    case partial(Inclusion)
    /// `{{< name}}…{{/name}}`.
    case parent(Inclusion)
    /// `{{$ name}}…{{/name}}` outside a parent: a place a parent's caller may override.
    case block(Block)
}

/// Literal text, pre-encoded; never empty.
struct Text: Sendable {
    let bytes: [UInt8]
    let endsWithNewline: Bool
}

/// A name to look up in the context stack.
enum ValuePath: Sendable {
    /// `.`: the value on top of the context stack.
    case implicitIterator
    /// `a.b.c`: the first key is looked up through the stack, the others inside the result.
    case keys([String])

    init(_ name: String) {
        self = name == "." ? .implicitIterator : .keys(name.split(separator: ".").map(String.init))
    }
}

struct Variable: Sendable {
    let path: ValuePath
    let isEscaped: Bool
}

final class Section: Sendable {
    let path: ValuePath
    let isInverted: Bool
    let content: [TemplateElement]

    init(path: ValuePath, isInverted: Bool, content: [TemplateElement]) {
        self.path = path
        self.isInverted = isInverted
        self.content = content
    }
}

/// Where a tag sits, for error messages.
struct SourceLocation: Sendable {
    let template: String
    let line: Int
}

/// A partial or parent tag: another library template rendered in place.
final class Inclusion: Sendable {
    let name: String
    /// The included template's library index; `nil` when the library lacks it (it then renders nothing).
    let templateIndex: Int?
    /// Prepended to every line the included template renders.
    let indentation: [UInt8]
    /// A parent's overriding blocks; empty for partials.
    let arguments: [Argument]
    let location: SourceLocation

    init(name: String, templateIndex: Int?, indentation: [UInt8], arguments: [Argument], location: SourceLocation) {
        self.name = name
        self.templateIndex = templateIndex
        self.indentation = indentation
        self.arguments = arguments
        self.location = location
    }
}

/// Content a parent's caller passes for one of the parent's blocks.
struct Argument: Sendable {
    let name: String
    let content: [TemplateElement]
}

/// A block: renders an argument of that name when an enclosing parent call passes one, else its own content.
final class Block: Sendable {
    let name: String
    /// Prepended to every line of an overriding argument.
    let indentation: [UInt8]
    let defaultContent: [TemplateElement]
    let location: SourceLocation

    init(name: String, indentation: [UInt8], defaultContent: [TemplateElement], location: SourceLocation) {
        self.name = name
        self.indentation = indentation
        self.defaultContent = defaultContent
        self.location = location
    }
}
