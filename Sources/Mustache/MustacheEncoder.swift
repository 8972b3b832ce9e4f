/// Turns a standard-library `Encodable` value — a view-model — into the `MustacheValue` a template
/// renders: a struct becomes an object of its properties in the order they are declared, an array
/// a list, text, numbers and flags themselves, an enum with a raw value its raw value. An optional
/// that is nil becomes `null` rather than being left out, so a template that names it finds it (a
/// page whose template names a value its view-model lacks fails when names are checked). A
/// `MustacheValue` or `MustacheObject` inside a view-model (a fragment rendered before, say), or a
/// part that builds its value by hand (`MustacheRenderable`), is taken as it is.
public struct MustacheEncoder: Sendable {
    /// An encoder.
    public init() {}

    /// The template value of `value`.
    public func encode(_ value: some Encodable) throws -> MustacheValue {
        let slot = EncodedSlot()
        try EncodedSlot.store(value, in: slot, codingPath: [])
        return slot.resolved
    }
}

/// One value being encoded: a finished value, or an object or list whose members are still being
/// filled in.
final class EncodedSlot {
    private var value: MustacheValue?
    private var keys: [String] = []
    private var members: [EncodedSlot] = []
    private var isObject = false
    private var isList = false

    /// The value once everything is encoded; a slot nothing was written to is `null`.
    var resolved: MustacheValue {
        if let value { return value }
        if isObject {
            var object = MustacheObject()
            for (key, member) in zip(keys, members) { object[key] = member.resolved }
            return .object(object)
        }
        if isList { return .list(members.map(\.resolved)) }
        return .null
    }

    /// Sets the slot's value.
    func set(_ value: MustacheValue) {
        self.value = value
    }

    /// Makes the slot an object (keeping the members written so far, as a class and its superclass share one).
    func becomeObject() {
        if !isObject { isObject = true }
    }

    /// Makes the slot a list.
    func becomeList() {
        if !isList { isList = true }
    }

    /// The member slot of `key` (a new one, or the one already written under it).
    func member(_ key: String) -> EncodedSlot {
        if let index = keys.firstIndex(of: key) { return members[index] }
        let slot = EncodedSlot()
        keys.append(key)
        members.append(slot)
        return slot
    }

    /// A new element slot at the end of the list.
    func appendElement() -> EncodedSlot {
        let slot = EncodedSlot()
        members.append(slot)
        return slot
    }

    /// How many elements the list has.
    var elementCount: Int { members.count }

    /// Writes `value` into `slot`: template values as they are, the common leaf types directly,
    /// anything else through its `encode(to:)`.
    static func store<T: Encodable>(_ value: T, in slot: EncodedSlot, codingPath: [any CodingKey]) throws {
        switch value {
        case let text as String: slot.set(.string(text))
        case let number as Int: slot.set(.int(number))
        case let flag as Bool: slot.set(.bool(flag))
        case let number as Int64: slot.set(.int(Int(number)))
        case let number as Double: slot.set(.double(number))
        case let template as MustacheValue: slot.set(template)
        case let object as MustacheObject: slot.set(.object(object))
        case let built as any MustacheRenderable: slot.set(built.mustacheValue)
        default: try value.encode(to: SlotEncoder(slot: slot, codingPath: codingPath))
        }
    }
}

/// The `Encoder` writing into one slot.
struct SlotEncoder: Encoder {
    let slot: EncodedSlot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.becomeObject()
        return KeyedEncodingContainer(KeyedSlotContainer<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.becomeList()
        return UnkeyedSlotContainer(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleSlotContainer(slot: slot, codingPath: codingPath)
    }
}
