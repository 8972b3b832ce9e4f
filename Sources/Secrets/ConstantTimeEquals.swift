import CSodium

/// True when both byte arrays are equal, comparing in time that does not depend on where they differ;
/// false at once for different lengths (the length is not secret).
public func constantTimeEquals(_ first: [UInt8], _ second: [UInt8]) -> Bool {
    guard first.count == second.count else { return false }
    guard !first.isEmpty else { return true }
    Sodium.ensureInitialized()
    return sodium_memcmp(first, second, first.count) == 0
}

/// True when both strings have the same UTF-8 bytes, compared in constant time, e.g. CSRF tokens.
public func constantTimeEquals(_ first: String, _ second: String) -> Bool {
    constantTimeEquals(Array(first.utf8), Array(second.utf8))
}
