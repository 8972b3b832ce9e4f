/// A problem with a template: what went wrong, in which template, and on which line.
///
/// `template` is the template's library name (`"home/index"`); `line` counts from 1 and is 0 when
/// the problem has no line, as for an unknown template name.
public struct TemplateError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// An opening delimiter, such as `{{`, without its closing delimiter.
        case unclosedTag
        /// A tag whose name is empty or malformed, such as `{{#}}`, `{{user name}}` or `{{a..b}}`.
        case invalidName(String)
        /// A set-delimiter tag that does not hold exactly two delimiters, as in `{{=<% %>=}}`.
        case invalidDelimiters(String)
        /// A section, inverted section, parent or block that is never closed.
        case unclosedSection(String)
        /// A closing tag with no open section to close.
        case unexpectedClose(String)
        /// A closing tag that names a different section than the one open.
        case mismatchedClose(expected: String, found: String)
        /// A partial tag, `{{> name}}`, naming a template the library does not have.
        case missingPartial(String)
        /// A parent tag, `{{< name}}`, naming a template the library does not have.
        case missingParent(String)
        /// A render request for a template the library does not have.
        case notFound
        /// Partials, parents or blocks nested so deeply that they most likely include themselves.
        case recursionTooDeep
        /// A file or directory that could not be read while loading templates.
        case unreadable(path: String)
        /// A variable tag, `{{name}}`, whose first key no value in the context has; reported only
        /// when rendering with ``TemplateLibrary/render(_:_:requiringNames:)``.
        case missingName(String)
    }

    /// What went wrong.
    public let reason: Reason
    /// The library name of the template at fault.
    public let template: String
    /// The line of the offending tag, counting from 1; 0 when there is none.
    public let line: Int

    /// Creates an error for `template` at `line`.
    public init(_ reason: Reason, template: String, line: Int) {
        self.reason = reason
        self.template = template
        self.line = line
    }

    /// A one-line message such as `home/index, line 12: section "trains" is never closed`, or the
    /// reason alone when no template is at fault (`cannot read Templates`, the folder itself).
    public var description: String {
        guard !template.isEmpty else { return reason.message }
        let place = line > 0 ? "\(template), line \(line)" : template
        return "\(place): \(reason.message)"
    }
}

extension TemplateError.Reason {
    /// The reason as a sentence fragment for ``TemplateError/description``.
    var message: String {
        switch self {
        case .unclosedTag: "tag is never closed"
        case .invalidName(let name): "invalid tag name \"\(name)\""
        case .invalidDelimiters(let text): "invalid delimiters \"\(text)\""
        case .unclosedSection(let name): "section \"\(name)\" is never closed"
        case .unexpectedClose(let name): "closing tag \"\(name)\" has no open section"
        case .mismatchedClose(let expected, let found): "closing tag \"\(found)\" does not match open section \"\(expected)\""
        case .missingPartial(let name): "partial \"\(name)\" does not exist"
        case .missingParent(let name): "parent \"\(name)\" does not exist"
        case .notFound: "no such template"
        case .recursionTooDeep: "partials, parents or blocks nest too deeply"
        case .unreadable(let path): "cannot read \(path)"
        case .missingName(let name): "the values have no \"\(name)\""
        }
    }
}
