/// Turns a standard-library `Encodable` value — a view-model — into the `MustacheValue` a template
/// renders: a struct becomes an object of its properties in the order they are declared, an array
/// a list, text, numbers and flags themselves, an enum with a raw value its raw value. An optional
/// that is nil becomes `null` rather than being left out, so a template that names it finds it (a
/// page whose template names a value its view-model lacks fails when names are checked). A
/// `MustacheValue` or `MustacheObject` inside a view-model (a fragment rendered before, say), or a
/// part that builds its value by hand (`MustacheRenderable`), is taken as it is.
///
/// Pages encode their view-models on every request, so the encoder writes each property straight
/// into the object being built (one allocation per object or list, besides the container the
/// `Encodable` protocol asks for) and works out coding paths only when asked for them.
public struct MustacheEncoder: Sendable {
    /// An encoder.
    public init() {}

    /// The template value of `value`.
    public func encode(_ value: some Encodable) throws -> MustacheValue {
        try EncodedSlot.value(of: value, parent: nil, key: nil)
    }
}

/// An object or list being encoded: its members are written into it as they come; those encoded
/// through a nested container of their own are filled in when it is resolved.
final class EncodedSlot {
    private var value: MustacheValue?
    private var object = MustacheObject()
    private var list: [MustacheValue] = []
    private var isObject = false
    private var isList = false
    /// Members written through nested containers or super encoders: where they go, and their slot.
    private var pending: [(key: String?, index: Int, slot: EncodedSlot)] = []
    /// The slot this one is a member of, and under which key (for coding paths only).
    private let parent: EncodedSlot?
    private let key: (any CodingKey)?

    init(parent: EncodedSlot?, key: (any CodingKey)?) {
        self.parent = parent
        self.key = key
    }

    /// The keys from the value encoded first down to this slot.
    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var slot: EncodedSlot? = self
        while let current = slot {
            if let key = current.key { path.append(key) }
            slot = current.parent
        }
        return path.reversed()
    }

    /// The value once everything is encoded; a slot nothing was written to is `null`.
    var resolved: MustacheValue {
        if let value { return value }
        if isObject {
            var object = self.object
            for member in pending { if let key = member.key { object[key] = member.slot.resolved } }
            return .object(object)
        }
        if isList {
            var list = self.list
            for member in pending where member.key == nil { list[member.index] = member.slot.resolved }
            return .list(list)
        }
        return .null
    }

    /// Sets the slot's value.
    func set(_ value: MustacheValue) {
        self.value = value
    }

    /// Makes the slot an object (keeping the members written so far, as a class and its superclass share one).
    func becomeObject() {
        if !isObject {
            isObject = true
            object.reserveCapacity(12)
        }
    }

    /// Makes the slot a list.
    func becomeList() {
        if !isList { isList = true }
    }

    /// Writes `value` under `key` (replacing what was written under it before).
    func set(_ key: String, _ value: MustacheValue) {
        object[key] = value
    }

    /// Adds `value` at the end of the list.
    func append(_ value: MustacheValue) {
        list.append(value)
    }

    /// A slot for the member `key`, filled in through a container of its own and read when this one is resolved.
    func pendingMember(_ key: any CodingKey) -> EncodedSlot {
        let slot = EncodedSlot(parent: self, key: key)
        object[key.stringValue] = .null
        pending.append((key.stringValue, 0, slot))
        return slot
    }

    /// A slot for a new element at the end of the list, filled in through a container of its own.
    func pendingElement() -> EncodedSlot {
        let slot = EncodedSlot(parent: self, key: nil)
        pending.append((nil, list.count, slot))
        list.append(.null)
        return slot
    }

    /// How many elements the list has.
    var elementCount: Int { list.count }

    /// The template value of `value`, a member of `parent` under `key`: template values as they are,
    /// the common leaf types directly, anything else through its `encode(to:)`.
    static func value<T: Encodable>(of value: T, parent: EncodedSlot?, key: (any CodingKey)?) throws -> MustacheValue {
        // Comparing the type itself is cheaper than casting the value (which asks the runtime),
        // and these are most of a view-model's values.
        if T.self == String.self { return .string(reinterpret(value, as: String.self)) }
        if T.self == Int.self { return .int(reinterpret(value, as: Int.self)) }
        if T.self == Bool.self { return .bool(reinterpret(value, as: Bool.self)) }
        if T.self == MustacheValue.self { return reinterpret(value, as: MustacheValue.self) }
        if T.self == MustacheObject.self { return .object(reinterpret(value, as: MustacheObject.self)) }
        if T.self == Int64.self { return .int(Int(reinterpret(value, as: Int64.self))) }
        if T.self == Double.self { return .double(reinterpret(value, as: Double.self)) }
        // Anything else, `MustacheRenderable` parts too (their value's `encode(to:)` writes
        // itself into the slot), through its own `encode(to:)`.
        let slot = EncodedSlot(parent: parent, key: key)
        try value.encode(to: SlotEncoder(slot: slot))
        return slot.resolved
    }

    /// `value` as the type `U` it is known to be (`T.self == U.self` was checked).
    @inline(__always)
    private static func reinterpret<T, U>(_ value: T, as type: U.Type) -> U {
        withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: U.self) }
    }
}

/// The `Encoder` writing into one slot.
struct SlotEncoder: Encoder {
    let slot: EncodedSlot
    var codingPath: [any CodingKey] { slot.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.becomeObject()
        return KeyedEncodingContainer(KeyedSlotContainer<Key>(slot: slot))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.becomeList()
        return UnkeyedSlotContainer(slot: slot)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleSlotContainer(slot: slot)
    }
}
