/// One step of a compiled template. `end` is the index just past the content of a section, parent or block.
enum Instruction: Sendable {
    /// Writes `CompiledTemplate.text[range]`.
    case text(Range<Int>)
    /// Writes `CompiledTemplate.literals[literal]`: text and constant values merged by constant binding.
    case literal(Int)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}`.
    case variable(ValuePath, isEscaped: Bool)
    /// `{{#name}}` or `{{^name}}`; the content follows up to `end`.
    case section(ValuePath, isInverted: Bool, end: Int)
    /// `{{#name}}` on a bound constant that is true: renders the content for `CompiledTemplate.constants[constant]`.
    case constantSection(constant: Int, end: Int)
    /// `{{> name}}`: `inclusion` indexes `CompiledTemplate.inclusions`.
    case partial(inclusion: Int)
    /// `{{< name}}`: its argument blocks follow up to `end` and are only run when a block asks for them.
    case parent(inclusion: Int, end: Int)
    /// `{{$ name}}`: `block` indexes `CompiledTemplate.blocks`; the default content follows up to `end`.
    case block(block: Int, end: Int)
}

/// A name to look up: `count` keys from `CompiledTemplate.keys[start]`; no keys means `.`, the top of the context.
struct ValuePath: Sendable {
    let start: Int
    let count: Int
}
