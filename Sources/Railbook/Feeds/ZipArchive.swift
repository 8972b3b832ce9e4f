import CZip
import Glibc

/// A zip archive made in memory with libzip: files added by name, then written out at once.
struct ZipArchive {
    /// libzip could not make the archive.
    struct Failure: Error {}

    private var files: [(name: String, bytes: [UInt8])] = []

    /// Adds the file `name` holding `bytes`.
    mutating func add(_ name: String, _ bytes: [UInt8]) {
        files.append((name, bytes))
    }

    /// The archive's bytes (deflated files, UTF-8 names).
    func bytes() throws -> [UInt8] {
        var source: OpaquePointer?
        guard let archive = railbook_zip_new(&source), let source else { throw Failure() }
        for file in files {
            let added = file.bytes.withUnsafeBytes { railbook_zip_add(archive, file.name, $0.baseAddress, $0.count) }
            guard added == 0 else {
                railbook_zip_discard(archive, source)
                throw Failure()
            }
        }
        var length = 0
        guard let written = railbook_zip_finish(archive, source, &length) else { throw Failure() }
        defer { free(written) }
        return Array(UnsafeRawBufferPointer(start: written, count: length))
    }
}
