import CSodium

/// A secret key for HMAC-SHA-256 signatures, e.g. on signed cookies or links.
///
/// Printing it shows no key material.
public struct HMACKey: Sendable, CustomStringConvertible {
    private let bytes: [UInt8]

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A new random key.
    public static func generate() -> HMACKey {
        Sodium.ensureInitialized()
        var bytes = [UInt8](repeating: 0, count: crypto_auth_hmacsha256_keybytes())
        crypto_auth_hmacsha256_keygen(&bytes)
        return HMACKey(bytes: bytes)
    }

    /// Reads a key saved with `base64` (standard padded base64 is accepted too);
    /// nil unless it decodes to exactly 32 bytes.
    public init?(base64: String) {
        guard let bytes = Sodium.bytes(fromBase64: base64),
            bytes.count == crypto_auth_hmacsha256_keybytes()
        else { return nil }
        self.bytes = bytes
    }

    /// The key in URL-safe base64 without padding, for configuration files and environment variables.
    public var base64: String { Sodium.base64URL(bytes) }

    /// Hides the key material from logs.
    public var description: String { "HMACKey(redacted)" }

    /// The 32-byte HMAC-SHA-256 of the message.
    public func sign(_ message: [UInt8]) -> [UInt8] {
        var signature = [UInt8](repeating: 0, count: crypto_auth_hmacsha256_bytes())
        _ = crypto_auth_hmacsha256(&signature, message, UInt64(message.count), bytes)
        return signature
    }

    /// The HMAC-SHA-256 of the text's UTF-8 bytes, in URL-safe base64 without padding (43 characters).
    public func sign(_ text: String) -> String {
        Sodium.base64URL(sign(Array(text.utf8)))
    }

    /// True when the signature was made by this key for exactly this message; compares in constant time.
    public func verify(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        guard signature.count == crypto_auth_hmacsha256_bytes() else { return false }
        return crypto_auth_hmacsha256_verify(signature, message, UInt64(message.count), bytes) == 0
    }

    /// True when the base64 signature was made by this key for exactly this text; compares in constant time.
    public func verify(_ signature: String, for text: String) -> Bool {
        guard let signature = Sodium.bytes(fromBase64: signature) else { return false }
        return verify(signature, for: Array(text.utf8))
    }
}
