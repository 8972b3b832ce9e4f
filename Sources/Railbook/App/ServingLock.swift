import Glibc

/// A claim on a SQLite database file, so that `railbook restore` never replaces a database a
/// server is using: every `serve` holds a shared claim for its whole life, a restore an exclusive
/// one (`flock(2)` on the file itself, which SQLite's own byte-range locks do not see). The
/// descriptor stays open until the process ends or `release()`: closing a descriptor of the file
/// would drop the locks SQLite holds on it in this process.
final class ServingLock: @unchecked Sendable {
    private var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// What went wrong when taking a claim.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// A server's shared claim on `path` (created when missing); throws while a restore holds it.
    static func serving(_ path: String) throws -> ServingLock {
        let lock = try open(path)
        guard flock(lock.descriptor, LOCK_SH | LOCK_NB) == 0 else {
            lock.release()
            throw Refusal(description: "the database \(path) is being restored; start the server once the restore has finished")
        }
        return lock
    }

    /// A restore's exclusive claim on `path` (created when missing); nil while a server holds it.
    static func restoring(_ path: String) throws -> ServingLock? {
        let lock = try open(path)
        guard flock(lock.descriptor, LOCK_EX | LOCK_NB) == 0 else {
            lock.release()
            return nil
        }
        return lock
    }

    /// Gives the claim up.
    func release() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }

    private static func open(_ path: String) throws -> ServingLock {
        let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Refusal(description: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        return ServingLock(descriptor: descriptor)
    }
}
