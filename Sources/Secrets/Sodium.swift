import CSodium

/// Shared plumbing over libsodium: one-time initialisation and byte encodings.
enum Sodium {
    /// `sodium_init()` runs once, on first use, thread-safely (a lazy global).
    private static let initialization: Int32 = sodium_init()

    /// Initialises libsodium if needed; every public entry point calls it first.
    static func ensureInitialized() {
        precondition(initialization >= 0, "libsodium failed to initialise")
    }

    /// `count` bytes from the operating system's secure random source.
    static func randomBytes(count: Int) -> [UInt8] {
        ensureInitialized()
        var bytes = [UInt8](repeating: 0, count: count)
        randombytes_buf(&bytes, count)
        return bytes
    }

    /// URL-safe base64 without padding, e.g. for tokens in cookies and links.
    static func base64URL(_ bytes: [UInt8]) -> String {
        let variant = sodium_base64_VARIANT_URLSAFE_NO_PADDING
        let capacity = sodium_base64_encoded_len(bytes.count, variant)
        var output = [CChar](repeating: 0, count: capacity)
        _ = sodium_bin2base64(&output, capacity, bytes, bytes.count, variant)
        return string(fromNulTerminated: output)
    }

    /// Decodes URL-safe base64 without padding, or the original alphabet with padding; nil if invalid.
    static func bytes(fromBase64 text: String) -> [UInt8]? {
        let variants = [sodium_base64_VARIANT_URLSAFE_NO_PADDING, sodium_base64_VARIANT_ORIGINAL]
        let capacity = text.utf8.count
        var bytes = [UInt8](repeating: 0, count: capacity)
        for variant in variants {
            var length = 0
            let result = sodium_base642bin(&bytes, capacity, text, capacity, nil, &length, nil, variant)
            if result == 0 {
                return Array(bytes.prefix(length))
            }
        }
        return nil
    }

    /// Lower-case hexadecimal, two characters a byte.
    static func hex(_ bytes: [UInt8]) -> String {
        let capacity = bytes.count * 2 + 1
        var output = [CChar](repeating: 0, count: capacity)
        _ = sodium_bin2hex(&output, capacity, bytes, bytes.count)
        return string(fromNulTerminated: output)
    }

    /// The text a C function wrote into a buffer, up to its terminating NUL.
    static func string(fromNulTerminated characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
