import Glibc
import Locking

extension Catalog {
    /// What tells one version of a catalog file from another: its inode, size and modification time.
    private struct FileVersion: Hashable {
        let path: String, inode: UInt, size: Int, seconds: Int, nanoseconds: Int
    }

    /// Catalogs already read, by file version: each application of a process reads the same files
    /// (the in-process tests make hundreds), and reading and checking them costs tens of
    /// milliseconds. Room for every feature's file in each language, and some more.
    private static let read = Locked<[FileVersion: Catalog]>([:])

    /// The catalog at `path`, read and checked once per version of the file.
    static func load(_ path: String) throws -> Catalog {
        var status = stat()
        guard stat(path, &status) == 0 else { throw CatalogError(.unreadable, file: path, line: 0) }
        let version = FileVersion(
            path: path, inode: UInt(status.st_ino), size: Int(status.st_size),
            seconds: Int(status.st_mtim.tv_sec), nanoseconds: Int(status.st_mtim.tv_nsec))
        if let catalog = read.withLock({ $0[version] }) { return catalog }
        let catalog = try Catalog(contentsOf: path)
        read.withLock { read in
            if read.count >= 64 { read.removeAll() }
            read[version] = catalog
        }
        return catalog
    }
}
