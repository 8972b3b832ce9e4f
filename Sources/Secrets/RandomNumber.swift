import CSodium

/// Unbiased random numbers from the secure random source, e.g. for generated passwords.
public enum RandomNumber {
    /// A number in `0..<upperBound`, every value equally likely.
    public static func uniform(_ upperBound: UInt32) -> UInt32 {
        precondition(upperBound > 0, "the upper bound must be positive")
        Sodium.ensureInitialized()
        return randombytes_uniform(upperBound)
    }
}
