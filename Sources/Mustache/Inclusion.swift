/// Where a tag sits, for error messages.
struct SourceLocation: Sendable {
    let template: String
    let line: Int
}

/// A partial or parent tag: another library template rendered in place.
final class Inclusion: Sendable {
    enum Kind: Sendable {
        case partial
        case parent
    }

    let kind: Kind
    let name: String
    /// The included template's library index; `nil` when the library lacks it (it then renders nothing).
    let templateIndex: Int?
    /// Prepended to every line the included template renders.
    let indentation: [UInt8]
    /// A parent's argument blocks; empty for partials.
    let arguments: [Argument]
    let location: SourceLocation

    init(kind: Kind, name: String, templateIndex: Int?, indentation: [UInt8], arguments: [Argument], location: SourceLocation) {
        self.kind = kind
        self.name = name
        self.templateIndex = templateIndex
        self.indentation = indentation
        self.arguments = arguments
        self.location = location
    }
}

/// Content a parent's caller passes for one of the parent's blocks: instructions of the calling template.
struct Argument: Sendable {
    let name: String
    let content: Range<Int>
}

/// A block outside a parent: renders an argument of that name when an enclosing parent call passes one,
/// else its own content.
final class Block: Sendable {
    let name: String
    /// Prepended to every line of an overriding argument.
    let indentation: [UInt8]
    let location: SourceLocation

    init(name: String, indentation: [UInt8], location: SourceLocation) {
        self.name = name
        self.indentation = indentation
        self.location = location
    }
}
