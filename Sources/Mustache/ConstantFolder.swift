/// Rewrites a compiled template so that names under one root resolve to a constant, once.
///
/// Interpolations of the constant become literal text merged with the text around them; sections on it
/// are decided here when they can be (false sections vanish, inverted ones vanish or open up) and else
/// render the stored value. Runs never cross the edge of a section's, parent's or block's content.
struct ConstantFolder {
    private let template: CompiledTemplate
    private let root: String
    private let value: MustacheValue
    private var instructions: [Instruction] = []
    private var text: [UInt8] = []
    private var literals: [Literal] = []
    private var literalPieces: [LiteralPiece] = []
    private var constants: [MustacheValue] = []
    /// The pieces of the run being gathered, in `text`; written out by `flush()`.
    private var run: [LiteralPiece] = []
    /// Where each block instruction of `template` went, for moving parents' arguments.
    private var movedBlocks: [Int: Int] = [:]

    /// `template` with every name whose first key is `root` resolved against `value`.
    static func folded(_ template: CompiledTemplate, binding root: String, to value: MustacheValue) -> CompiledTemplate {
        var folder = ConstantFolder(template: template, root: root, value: value)
        folder.foldContent(template.instructions.indices)
        return CompiledTemplate(
            name: template.name, instructions: folder.instructions, text: folder.text, keys: template.keys,
            inclusions: template.inclusions.map(folder.moved), blocks: template.blocks,
            literals: folder.literals, literalPieces: folder.literalPieces, constants: folder.constants
        )
    }

    private init(template: CompiledTemplate, root: String, value: MustacheValue) {
        self.template = template
        self.root = root
        self.value = value
    }

    /// Folds the instructions in `range` as the content of a section, parent or block.
    private mutating func foldContent(_ range: Range<Int>) {
        fold(range)
        flush()
    }

    /// Folds the instructions in `range`, leaving the last run open so that what follows may join it.
    private mutating func fold(_ range: Range<Int>) {
        var index = range.lowerBound
        while index < range.upperBound {
            let instruction = template.instructions[index]
            index += 1
            switch instruction {
            case .text(let bytes):
                append(template.text[bytes], isValue: false)
            case .literal(let literal):
                for piece in template.literalPieces[template.literals[literal].pieces] {
                    append(template.text[piece.bytes], isValue: piece.isValue)
                }
            case .variable(let path, let isEscaped):
                if let constant = constant(at: path) {
                    appendInterpolation(of: constant, isEscaped: isEscaped)
                } else {
                    emit(.variable(path, isEscaped: isEscaped))
                }
            case .section(let path, let isInverted, let end):
                if let constant = constant(at: path) {
                    foldSection(index..<end, for: constant, isInverted: isInverted)
                } else {
                    emitStructure(content: index..<end) { .section(path, isInverted: isInverted, end: $0) }
                }
                index = end
            case .constantSection(let constant, let end):
                foldSection(index..<end, for: template.constants[constant], isInverted: false)
                index = end
            case .partial(let inclusion):
                emit(.partial(inclusion: inclusion))
            case .parent(let inclusion, let end):
                emitStructure(content: index..<end) { .parent(inclusion: inclusion, end: $0) }
                index = end
            case .block(let block, let end):
                movedBlocks[index - 1] = emitStructure(content: index..<end) { .block(block: block, end: $0) }
                index = end
            }
        }
    }

    /// A section on the constant `constant`: decided now unless it renders a true value.
    private mutating func foldSection(_ content: Range<Int>, for constant: MustacheValue, isInverted: Bool) {
        if constant.isTruthy == isInverted { return }
        if isInverted {
            fold(content)
            return
        }
        constants.append(constant)
        let index = constants.count - 1
        emitStructure(content: content) { .constantSection(constant: index, end: $0) }
    }

    /// The constant `path` names (null when a key is missing), or nil when it does not start at the root.
    private func constant(at path: ValuePath) -> MustacheValue? {
        guard path.count > 0, template.keys[path.start] == root else { return nil }
        var constant = value
        for index in path.start + 1..<path.start + path.count {
            guard case .object(let fields) = constant, let field = fields[template.keys[index]] else { return .null }
            constant = field
        }
        return constant
    }

    /// Adds a constant's interpolation to the run; one that writes nothing changes nothing, so it is dropped.
    private mutating func appendInterpolation(of constant: MustacheValue, isEscaped: Bool) {
        guard constant.writesText else { return }
        var bytes: [UInt8] = []
        bytes.appendInterpolation(of: constant, isEscaped: isEscaped)
        append(bytes[...], isValue: true)
    }

    private mutating func append(_ bytes: ArraySlice<UInt8>, isValue: Bool) {
        let start = text.count
        text += bytes
        run.append(LiteralPiece(bytes: start..<text.count, isValue: isValue))
    }

    /// Emits the run gathered so far: as plain text when it is one piece of text, else as a literal.
    private mutating func flush() {
        guard let first = run.first, let last = run.last else { return }
        defer { run.removeAll(keepingCapacity: true) }
        if run.count == 1 && !first.isValue {
            instructions.append(.text(first.bytes))
            return
        }
        let bytes = first.bytes.lowerBound..<last.bytes.upperBound
        let pieces = literalPieces.count..<literalPieces.count + run.count
        let endsAtLineStart = !last.isValue && text[bytes.upperBound - 1] == .lineFeed
        literals.append(Literal(bytes: bytes, pieces: pieces, endsAtLineStart: endsAtLineStart))
        literalPieces += run
        instructions.append(.literal(literals.count - 1))
    }

    private mutating func emit(_ instruction: Instruction) {
        flush()
        instructions.append(instruction)
    }

    /// Emits a section, parent or block, made by `instruction` from its new end, followed by its folded
    /// `content`; returns where it went.
    @discardableResult
    private mutating func emitStructure(content: Range<Int>, _ instruction: (Int) -> Instruction) -> Int {
        flush()
        let start = instructions.count
        instructions.append(instruction(start))
        foldContent(content)
        instructions[start] = instruction(instructions.count)
        return start
    }

    /// `inclusion` with its arguments pointing at their folded content. A parent that folding removed
    /// (inside a false section) can never run, and loses its arguments.
    private func moved(_ inclusion: Inclusion) -> Inclusion {
        guard !inclusion.arguments.isEmpty else { return inclusion }
        let arguments = inclusion.arguments.compactMap { argument -> Argument? in
            guard let start = movedBlocks[argument.content.lowerBound - 1],
                case .block(_, let end) = instructions[start]
            else { return nil }
            return Argument(name: argument.name, content: start + 1..<end)
        }
        return Inclusion(
            kind: inclusion.kind, name: inclusion.name, templateIndex: inclusion.templateIndex,
            indentation: inclusion.indentation, arguments: arguments, location: inclusion.location
        )
    }
}
