/// Estimates of the heap memory standard values hold, for caches bounded by bytes: the storage as
/// allocated (capacity, not count) plus each allocation's header and the allocator's bookkeeping.
enum MemoryCost {
    /// A heap object's header (type and reference count) and malloc's per-block overhead.
    static let allocationOverhead = 32
    /// The fields a native dictionary's storage object keeps besides its buckets.
    private static let dictionaryFields = 64

    /// The heap bytes of an array's buffer (none for an empty array, which shares a static one).
    static func of<Element>(_ array: [Element]) -> Int {
        guard array.capacity > 0 else { return 0 }
        return allocationOverhead + 16 + array.capacity * MemoryLayout<Element>.stride
    }

    /// The heap bytes of a dictionary's storage: its buckets (capacity is three quarters of them),
    /// their occupancy bitmap and the storage object.
    static func of<Key, Value>(_ dictionary: [Key: Value]) -> Int {
        guard dictionary.capacity > 0 else { return 0 }
        let buckets = (dictionary.capacity * 4 + 2) / 3
        return allocationOverhead + dictionaryFields + buckets * (MemoryLayout<Key>.stride + MemoryLayout<Value>.stride) + buckets / 8
    }

    /// The heap bytes of a string's UTF-8 storage (none for the short ones kept inline).
    static func of(_ string: String) -> Int {
        let count = string.utf8.count
        guard count > 15 else { return 0 }
        return allocationOverhead + 16 + count + 1
    }
}
