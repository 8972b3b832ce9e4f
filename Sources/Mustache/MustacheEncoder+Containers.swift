/// An object's properties, each written into the object. Optionals that are nil are written as
/// `null` (`encodeIfPresent`), not left out.
struct KeyedSlotContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: EncodedSlot
    var codingPath: [any CodingKey] { slot.codingPath }

    mutating func encodeNil(forKey key: Key) throws { slot.set(key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { slot.set(key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { slot.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { slot.set(key.stringValue, .double(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { slot.set(key.stringValue, .double(Double(value))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { slot.set(key.stringValue, .int(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { slot.set(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { slot.set(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { slot.set(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { slot.set(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { slot.set(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { slot.set(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { slot.set(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { slot.set(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { slot.set(key.stringValue, .int(Int(value))) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        slot.set(key.stringValue, try EncodedSlot.value(of: value, parent: slot, key: key))
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { slot.set(key.stringValue, value.map(MustacheValue.bool) ?? .null) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { slot.set(key.stringValue, value.map(MustacheValue.string) ?? .null) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { slot.set(key.stringValue, value.map(MustacheValue.int) ?? .null) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encodeOrNull(value, key) }

    private mutating func encodeOrNull<T: Encodable>(_ value: T?, _ key: Key) throws {
        guard let value else { return try encodeNil(forKey: key) }
        try encode(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let member = slot.pendingMember(key)
        member.becomeObject()
        return KeyedEncodingContainer(KeyedSlotContainer<NestedKey>(slot: member))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let member = slot.pendingMember(key)
        member.becomeList()
        return UnkeyedSlotContainer(slot: member)
    }

    mutating func superEncoder() -> any Encoder { SlotEncoder(slot: slot) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { SlotEncoder(slot: slot.pendingMember(key)) }
}

/// A list's elements, each appended to the list.
struct UnkeyedSlotContainer: UnkeyedEncodingContainer {
    let slot: EncodedSlot
    var codingPath: [any CodingKey] { slot.codingPath }
    var count: Int { slot.elementCount }

    mutating func encodeNil() throws { slot.append(.null) }
    mutating func encode(_ value: String) throws { slot.append(.string(value)) }
    mutating func encode(_ value: Int) throws { slot.append(.int(value)) }
    mutating func encode(_ value: Bool) throws { slot.append(.bool(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        slot.append(try EncodedSlot.value(of: value, parent: slot, key: nil))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let element = slot.pendingElement()
        element.becomeObject()
        return KeyedEncodingContainer(KeyedSlotContainer<NestedKey>(slot: element))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let element = slot.pendingElement()
        element.becomeList()
        return UnkeyedSlotContainer(slot: element)
    }

    mutating func superEncoder() -> any Encoder { SlotEncoder(slot: slot.pendingElement()) }
}

/// One plain value.
struct SingleSlotContainer: SingleValueEncodingContainer {
    let slot: EncodedSlot
    var codingPath: [any CodingKey] { slot.codingPath }

    mutating func encodeNil() throws { slot.set(.null) }
    mutating func encode(_ value: Bool) throws { slot.set(.bool(value)) }
    mutating func encode(_ value: String) throws { slot.set(.string(value)) }
    mutating func encode(_ value: Double) throws { slot.set(.double(value)) }
    mutating func encode(_ value: Float) throws { slot.set(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { slot.set(.int(value)) }
    mutating func encode(_ value: Int8) throws { slot.set(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { slot.set(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { slot.set(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws { slot.set(.int(Int(value))) }
    mutating func encode(_ value: UInt) throws { slot.set(.int(Int(value))) }
    mutating func encode(_ value: UInt8) throws { slot.set(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { slot.set(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { slot.set(.int(Int(value))) }
    mutating func encode(_ value: UInt64) throws { slot.set(.int(Int(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { slot.set(try EncodedSlot.value(of: value, parent: slot, key: nil)) }
}
