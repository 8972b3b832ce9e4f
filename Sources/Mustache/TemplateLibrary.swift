/// Every template of a site, compiled once; renders by name. Sendable, immutable after init.
///
/// Partials (`{{> accounts/_form}}`) and parents (`{{< layout}}`) are looked up by their full library
/// name, never relative to the including template.
public struct TemplateLibrary: Sendable {
    /// Compiled templates, sorted by name; partials and parents refer to them by index.
    private let templates: [CompiledTemplate]
    private let indexByName: [String: Int]

    /// Loads every `*.mustache` file under `directory` recursively; the name is the relative path without extension ("layout", "home/index", "accounts/_form"). Throws TemplateError naming file and line on any syntax error, and when a partial or parent referenced by a template does not exist in the library.
    ///
    /// Files and folders whose names start with `.` are skipped.
    public init(directory: String) throws {
        try self.init(sourceBytes: TemplateDirectory.sources(in: directory))
        try validateReferences()
    }

    /// Builds a library from in-memory sources (name → text); same checks.
    ///
    /// Except one: a missing partial or parent is not an error here (it renders as nothing, as the
    /// Mustache spec requires); call ``validateReferences()`` to check for them.
    public init(sources: [String: String]) throws {
        try self.init(sourceBytes: sources.mapValues { Array($0.utf8) })
    }

    private init(templates: [CompiledTemplate], indexByName: [String: Int]) {
        self.templates = templates
        self.indexByName = indexByName
    }

    private init(sourceBytes: [String: [UInt8]]) throws(TemplateError) {
        let sources = sourceBytes.sorted { $0.key < $1.key }
        var indexByName: [String: Int] = [:]
        for (index, source) in sources.enumerated() {
            indexByName[source.key] = index
        }
        var templates: [CompiledTemplate] = []
        for (name, source) in sources {
            templates.append(try CompiledTemplate.compile(name: name, source: source, templateIndex: indexByName))
        }
        self.init(templates: templates, indexByName: indexByName)
    }

    /// A library of the same names whose templates are `transform` applied to these.
    func mappingTemplates(_ transform: (CompiledTemplate) -> CompiledTemplate) -> TemplateLibrary {
        TemplateLibrary(templates: templates.map(transform), indexByName: indexByName)
    }

    /// The names of all templates, sorted.
    public var names: [String] {
        templates.map(\.name)
    }

    /// Renders the template `name` with `context` into UTF-8 bytes. Throws TemplateError.notFound for an unknown name
    /// (a `TemplateError` whose `reason` is `.notFound` and whose `template` is `name`).
    public func render(_ name: String, _ context: MustacheValue) throws -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(16 * 1024)
        try render(name, context, into: &buffer)
        return buffer
    }

    /// Renders into an existing buffer (appends), for callers that reuse buffers.
    ///
    /// On error the buffer is left as it was.
    public func render(_ name: String, _ context: MustacheValue, into buffer: inout [UInt8]) throws {
        guard let index = indexByName[name] else {
            throw TemplateError(.notFound, template: name, line: 0)
        }
        try Renderer.render(templateAt: index, of: templates, context: context, into: &buffer)
    }

    /// Renders like ``render(_:_:)``; with `requiringNames`, a variable tag (`{{name}}`, `{{{name}}}`)
    /// whose first key no value in the context has throws a `missingName` error naming the template,
    /// so a view-model that lacks what its template shows is found. Sections may name absent values.
    /// `capacity` is the bytes to make room for at once (a page known to be large is not copied as it grows).
    public func render(_ name: String, _ context: MustacheValue, requiringNames: Bool, capacity: Int = 16 * 1024) throws -> [UInt8] {
        guard let index = indexByName[name] else {
            throw TemplateError(.notFound, template: name, line: 0)
        }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(capacity)
        try Renderer.render(templateAt: index, of: templates, context: context, requiresNames: requiringNames, into: &buffer)
        return buffer
    }

    /// Throws a `missingPartial` or `missingParent` error for the first partial or parent tag that
    /// names a template the library lacks. `init(directory:)` calls this; `init(sources:)` does not.
    public func validateReferences() throws {
        for template in templates {
            try ReferenceCheck.check(template)
        }
    }
}
