import CSodium

/// Password hashes with argon2id at libsodium's interactive limits, in the standard `$argon2id$…` form
/// that records its own salt and parameters.
public enum PasswordHasher {
    /// Hashes a password with a fresh random salt; takes tens of milliseconds by design.
    public static func hash(_ password: String) throws -> String {
        Sodium.ensureInitialized()
        var output = [CChar](repeating: 0, count: crypto_pwhash_strbytes())
        let result = withPasswordBytes(password) { passwordBytes, passwordLength in
            crypto_pwhash_str_alg(
                &output, passwordBytes, passwordLength, operationsLimit, memoryLimit, crypto_pwhash_alg_argon2id13()
            )
        }
        guard result == 0 else { throw PasswordHashingError.insufficientMemory }
        return Sodium.string(fromNulTerminated: output)
    }

    /// True when the password matches the stored hash; false for a wrong password or a malformed hash.
    public static func verify(_ password: String, against hash: String) -> Bool {
        Sodium.ensureInitialized()
        return withPasswordBytes(password) { passwordBytes, passwordLength in
            crypto_pwhash_str_verify(hash, passwordBytes, passwordLength) == 0
        }
    }

    /// True when the hash is not argon2id at the current limits, so it should be replaced
    /// with `hash(_:)` after the next successful `verify`.
    public static func needsRehash(_ hash: String) -> Bool {
        Sodium.ensureInitialized()
        guard hash.hasPrefix("$argon2id$") else { return true }
        return crypto_pwhash_str_needs_rehash(hash, operationsLimit, memoryLimit) != 0
    }

    private static var operationsLimit: UInt64 { UInt64(crypto_pwhash_opslimit_interactive()) }

    private static var memoryLimit: Int { crypto_pwhash_memlimit_interactive() }

    /// Hands libsodium the password's UTF-8 bytes and their count (embedded NULs included).
    private static func withPasswordBytes<T>(_ password: String, _ body: (UnsafePointer<CChar>, UInt64) -> T) -> T {
        password.withCString { body($0, UInt64(password.utf8.count)) }
    }
}
