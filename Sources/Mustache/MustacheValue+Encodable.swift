/// A template value inside a view-model is taken as it is by `MustacheEncoder`; any other encoder
/// sees it as the JSON-like value it is.
extension MustacheValue: Encodable {
    public func encode(to encoder: any Encoder) throws {
        if let slots = encoder as? SlotEncoder { return slots.slot.set(self) }
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .int(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .double(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .utf8(let bytes):
            var container = encoder.singleValueContainer()
            try container.encode(String(decoding: bytes, as: UTF8.self))
        case .list(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let object):
            try object.encode(to: encoder)
        }
    }
}

extension MustacheObject: Encodable {
    /// The names and their values, in order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NameKey.self)
        for (key, value) in self { try container.encode(value, forKey: NameKey(key)) }
    }
}

/// A name of an object, as a coding key.
struct NameKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
