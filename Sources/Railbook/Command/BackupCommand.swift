import Glibc
import SQLite
import Storage

/// `railbook backup` and `railbook restore` for SQLite databases (PostgreSQL has `pg_dump` and
/// `pg_basebackup`, see docs/operations.md).
///
/// A backup is a consistent copy of a live database taken while servers keep writing: SQLite's
/// `VACUUM INTO` reads one snapshot (in WAL mode writers go on meanwhile) and writes a compact
/// copy, never a copy of the file's bytes, which could catch a write half done. It is written
/// beside its destination under another name and renamed when complete, so a failed backup leaves
/// nothing under the name asked for. A restore refuses to replace a database a server is using
/// (`ServingLock`), checks the copy (`PRAGMA integrity_check`, that it is a Railbook database of
/// migrations this program knows) and brings it up to date on a scratch copy, and only then puts
/// it in place, with the old database's write-ahead log removed so that it cannot be replayed
/// over the new one.
enum BackupCommand {
    /// What stopped a backup or a restore, in one line.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func backup(_ options: CommandLineOptions, output: CommandOutput) throws -> Int32 {
        guard case .sqliteFile(let path) = options.database else {
            throw Failure(description: "backup copies SQLite databases; for PostgreSQL use pg_dump (see docs/operations.md)")
        }
        guard let destination = options.backupFile else { throw Failure(description: "'railbook backup' needs --to FILE") }
        guard access(path, F_OK) == 0 else { throw Failure(description: "there is no database at \(path)") }
        guard access(destination, F_OK) != 0 else { throw Failure(description: "\(destination) exists already; a backup never overwrites a file") }
        let partial = destination + ".partial-\(getpid())"
        do {
            let source = try SQLiteDatabase(path: path, options: SQLiteOptions())
            defer { source.close() }
            guard try isRailbookDatabase(source) else { throw Failure(description: "\(path) is not a Railbook database") }
            _ = try source.run("VACUUM INTO ?", [partial])
            try flushed(partial)
            guard rename(partial, destination) == 0 else { throw Failure(description: "cannot name the copy \(destination): \(errorText())") }
            try flushedFolder(of: destination)
        } catch {
            unlink(partial)
            throw Failure(description: "backup of \(path) to \(destination) failed: \(error)")
        }
        output.line("railbook: backed up \(path) to \(destination) (\(size(of: destination)) bytes)")
        return 0
    }

    static func restore(_ options: CommandLineOptions, output: CommandOutput) throws -> Int32 {
        guard case .sqliteFile(let path) = options.database else {
            throw Failure(description: "restore puts back SQLite databases; for PostgreSQL use pg_restore (see docs/operations.md)")
        }
        guard let source = options.restoreFile else { throw Failure(description: "'railbook restore' needs --from FILE") }
        guard access(source, R_OK) == 0 else { throw Failure(description: "cannot read \(source)") }
        let existed = access(path, F_OK) == 0
        guard let claim = try ServingLock.restoring(path) else {
            throw Failure(description: "a server is using \(path); stop it before restoring over it")
        }
        defer { claim.release() }
        let scratch = path + ".restoring-\(getpid())"
        do {
            try copyFile(source, to: scratch)
            let copy = try SQLiteDatabase(path: scratch, options: SQLiteOptions())
            do {
                let integrity = try copy.query("PRAGMA integrity_check").map { try $0.string(0) }
                guard integrity == ["ok"] else {
                    throw Failure(description: "\(source) is damaged: \(integrity.prefix(3).joined(separator: "; "))")
                }
                guard try isRailbookDatabase(copy) else { throw Failure(description: "\(source) is not a Railbook database") }
                let applied = try copy.query("SELECT identifier FROM schema_migrations").map { try $0.string(0) }
                let unknown = applied.filter { !Migrations.all.identifiers.contains($0) }
                guard unknown.isEmpty else {
                    throw Failure(
                        description:
                            "\(source) comes from a newer Railbook (migrations \(unknown.joined(separator: ", "))); restore it with that version")
                }
                try Migrations.all.migrate(copy)
                copy.close()
            } catch {
                copy.close()
                throw error
            }
            try flushed(scratch)
            for stale in [path + "-wal", path + "-shm"] where access(stale, F_OK) == 0 {
                guard unlink(stale) == 0 else { throw Failure(description: "cannot remove \(stale): \(errorText())") }
            }
            guard rename(scratch, path) == 0 else { throw Failure(description: "cannot put the copy in place as \(path): \(errorText())") }
            try flushedFolder(of: path)
        } catch {
            for file in [scratch, scratch + "-wal", scratch + "-shm"] { unlink(file) }
            if !existed { unlink(path) } // made empty by the claim
            throw Failure(description: "restore of \(source) to \(path) failed, \(path) is as it was: \(error)")
        }
        output.line("railbook: restored \(path) from \(source) (\(size(of: path)) bytes, checked and migrated)")
        return 0
    }

    /// True when the database has Railbook's migrations table.
    private static func isRailbookDatabase(_ database: SQLiteDatabase) throws -> Bool {
        try !database.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").isEmpty
    }

    /// Copies the file `source` (a backup, which nothing writes) to `destination`, created anew.
    private static func copyFile(_ source: String, to destination: String) throws {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw Failure(description: "cannot read \(source): \(errorText())") }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw Failure(description: "cannot write \(destination): \(errorText())") }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = read(input, &buffer, buffer.count)
            guard count >= 0 else { throw Failure(description: "cannot read \(source): \(errorText())") }
            if count == 0 { break }
            var written = 0
            while written < count {
                let step = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                guard step > 0 else { throw Failure(description: "cannot write \(destination): \(errorText())") }
                written += step
            }
        }
    }

    /// Flushes the file at `path` to disk.
    private static func flushed(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: "cannot open \(path): \(errorText())") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw Failure(description: "cannot flush \(path): \(errorText())") }
    }

    /// Flushes the folder holding `path`, so that a rename in it survives a power cut.
    private static func flushedFolder(of path: String) throws {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        try flushed(folder.isEmpty ? "/" : folder)
    }

    private static func size(of path: String) -> Int {
        var information = stat()
        return stat(path, &information) == 0 ? Int(information.st_size) : 0
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
