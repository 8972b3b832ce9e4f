/// What a transaction-scoped lock is taken on: a kind of thing and its identifier, e.g. a
/// passenger's document number while their overlapping trips are checked.
public struct LockKey: Sendable, Hashable {
    /// The 64-bit number the database locks, from the kind and the identifier (FNV-1a).
    public let value: Int64

    /// A key for `identifier` within `kind` (e.g. "passenger-document", "G1-2026-12-06").
    public init(_ kind: String, _ identifier: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in kind.utf8 + [0] + identifier.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0100_0000_01b3
        }
        value = Int64(bitPattern: hash)
    }
}
