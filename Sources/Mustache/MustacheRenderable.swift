/// A type that presents itself to a template by building its ``MustacheValue`` by hand.
///
/// View-models are plain `Encodable` structs (see ``MustacheEncoder``); a type builds its value
/// itself only where that pays (a page's hottest parts). It is `Encodable` too, as the value it
/// builds, so the two kinds mix: `MustacheEncoder` takes the built value as it is.
public protocol MustacheRenderable: Encodable {
    /// The value a template sees for this instance.
    var mustacheValue: MustacheValue { get }
}

extension MustacheRenderable {
    /// Encodes the value the type builds.
    public func encode(to encoder: any Encoder) throws {
        try mustacheValue.encode(to: encoder)
    }
}

extension MustacheValue: MustacheRenderable {
    /// The value itself.
    public var mustacheValue: MustacheValue { self }
}

extension String: MustacheRenderable {
    /// A string value.
    public var mustacheValue: MustacheValue { .string(self) }
}

extension Int: MustacheRenderable {
    /// An integer value.
    public var mustacheValue: MustacheValue { .int(self) }
}

extension Double: MustacheRenderable {
    /// A double value.
    public var mustacheValue: MustacheValue { .double(self) }
}

extension Bool: MustacheRenderable {
    /// A flag value.
    public var mustacheValue: MustacheValue { .bool(self) }
}

extension Optional: MustacheRenderable where Wrapped: MustacheRenderable {
    /// The wrapped value's presentation, or null when there is none.
    public var mustacheValue: MustacheValue { self?.mustacheValue ?? .null }
}

extension Array: MustacheRenderable where Element: MustacheRenderable {
    /// A list of the elements' presentations.
    public var mustacheValue: MustacheValue { .list(map(\.mustacheValue)) }
}

extension Dictionary: MustacheRenderable where Key == String, Value == MustacheValue {
    /// An object of the entries.
    public var mustacheValue: MustacheValue { .object(MustacheObject(self)) }
}

extension MustacheObject: MustacheRenderable {
    /// An object of the names.
    public var mustacheValue: MustacheValue { .object(self) }
}
