/// Output known before rendering: a run of template text and constant values, merged so that it is
/// written with one copy.
///
/// Text and values differ only under indentation (text is indented on every line, a value only where it
/// starts one), so the pieces are kept too, to be written one by one inside indented partials.
struct Literal: Sendable {
    /// All of the run's bytes, in `CompiledTemplate.text`.
    let bytes: Range<Int>
    /// The run's pieces, in `CompiledTemplate.literalPieces`.
    let pieces: Range<Int>
    /// Whether the output is at a line start after the run, as it would be after its pieces.
    let endsAtLineStart: Bool
}

/// One piece of a ``Literal``: template text, or the text of a constant value.
struct LiteralPiece: Sendable {
    /// The piece's bytes, in `CompiledTemplate.text`; never empty.
    let bytes: Range<Int>
    /// Whether the piece is a value's text, which is indented only where it starts a line.
    let isValue: Bool
}
