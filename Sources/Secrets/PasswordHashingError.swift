/// Why a password could not be hashed.
public enum PasswordHashingError: Error, Sendable, Equatable {
    /// The operating system refused the memory argon2id needs (64 MiB for the interactive limits).
    case insufficientMemory
}
