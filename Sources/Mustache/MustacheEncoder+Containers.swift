/// An object's properties, each into a member slot. Optionals that are nil are written as `null`
/// (`encodeIfPresent`), not left out.
struct KeyedSlotContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: EncodedSlot
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { slot.member(key.stringValue).set(.null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { slot.member(key.stringValue).set(.bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { slot.member(key.stringValue).set(.string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { slot.member(key.stringValue).set(.double(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { slot.member(key.stringValue).set(.double(Double(value))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { slot.member(key.stringValue).set(.int(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { slot.member(key.stringValue).set(.int(Int(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { slot.member(key.stringValue).set(.int(Int(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { slot.member(key.stringValue).set(.int(Int(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { slot.member(key.stringValue).set(.int(Int(value))) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { slot.member(key.stringValue).set(.int(Int(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { slot.member(key.stringValue).set(.int(Int(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { slot.member(key.stringValue).set(.int(Int(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { slot.member(key.stringValue).set(.int(Int(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { slot.member(key.stringValue).set(.int(Int(value))) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try EncodedSlot.store(value, in: slot.member(key.stringValue), codingPath: codingPath + [key])
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOrNull(value, key) }
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

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let member = slot.member(key.stringValue)
        member.becomeObject()
        return KeyedEncodingContainer(KeyedSlotContainer<NestedKey>(slot: member, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let member = slot.member(key.stringValue)
        member.becomeList()
        return UnkeyedSlotContainer(slot: member, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { SlotEncoder(slot: slot, codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { SlotEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key]) }
}

/// A list's elements, each into a slot of its own.
struct UnkeyedSlotContainer: UnkeyedEncodingContainer {
    let slot: EncodedSlot
    let codingPath: [any CodingKey]
    var count: Int { slot.elementCount }

    mutating func encodeNil() throws { slot.appendElement().set(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try EncodedSlot.store(value, in: slot.appendElement(), codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let element = slot.appendElement()
        element.becomeObject()
        return KeyedEncodingContainer(KeyedSlotContainer<NestedKey>(slot: element, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let element = slot.appendElement()
        element.becomeList()
        return UnkeyedSlotContainer(slot: element, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder { SlotEncoder(slot: slot.appendElement(), codingPath: codingPath) }
}

/// One plain value.
struct SingleSlotContainer: SingleValueEncodingContainer {
    let slot: EncodedSlot
    let codingPath: [any CodingKey]

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
    mutating func encode<T: Encodable>(_ value: T) throws { try EncodedSlot.store(value, in: slot, codingPath: codingPath) }
}
