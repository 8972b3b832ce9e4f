/// The parser's product: a template ready to render, as a flat list of instructions over pre-encoded
/// text, pre-split keys and pre-resolved partials.
///
/// Instructions hold only integers, so walking them costs no reference counting; sections, parents
/// and blocks record where their content ends so that the renderer can run or skip it.
final class CompiledTemplate: Sendable {
    /// The library name, such as `"home/index"`.
    let name: String
    let instructions: [Instruction]
    /// All literal text of the template, in UTF-8; `.text` instructions and literals name ranges of it.
    let text: [UInt8]
    /// The keys of all names, in order; a `ValuePath` names a run of them.
    let keys: [String]
    let inclusions: [Inclusion]
    let blocks: [Block]
    /// Runs of text and constant values merged by constant binding; empty until then.
    let literals: [Literal]
    let literalPieces: [LiteralPiece]
    /// Values of bound constants that sections render, by `.constantSection`; empty until binding.
    let constants: [MustacheValue]

    init(
        name: String, instructions: [Instruction], text: [UInt8], keys: [String], inclusions: [Inclusion], blocks: [Block],
        literals: [Literal] = [], literalPieces: [LiteralPiece] = [], constants: [MustacheValue] = []
    ) {
        self.name = name
        self.instructions = instructions
        self.text = text
        self.keys = keys
        self.inclusions = inclusions
        self.blocks = blocks
        self.literals = literals
        self.literalPieces = literalPieces
        self.constants = constants
    }

    /// Runs the lexer, the whitespace rules and the parser over `source`.
    /// `templateIndex` maps every library name to its index, for resolving partials and parents.
    static func compile(name: String, source: [UInt8], templateIndex: [String: Int]) throws(TemplateError) -> CompiledTemplate {
        let tokens = StandaloneLines.applied(to: try Lexer.tokens(in: source, templateName: name))
        return try Parser.template(from: tokens, templateName: name, templateIndex: templateIndex)
    }
}
