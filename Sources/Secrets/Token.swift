import CSodium

/// Random tokens for sessions, CSRF and password resets, and their hashes for storage.
public enum Token {
    /// A random token of `byteCount` bytes in URL-safe base64 without padding:
    /// 43 characters for the default 32 bytes (256 bits).
    public static func random(byteCount: Int = 32) -> String {
        precondition(byteCount > 0, "a token needs at least one byte")
        return Sodium.base64URL(Sodium.randomBytes(count: byteCount))
    }

    /// The SHA-256 digest of the text's UTF-8 bytes in lower-case hex (64 characters);
    /// store this rather than the session token itself.
    public static func sha256Hex(_ text: String) -> String {
        Sodium.ensureInitialized()
        var digest = [UInt8](repeating: 0, count: crypto_hash_sha256_bytes())
        var text = text
        text.withUTF8 { bytes in
            _ = crypto_hash_sha256(&digest, bytes.baseAddress, UInt64(bytes.count))
        }
        return Sodium.hex(digest)
    }
}
