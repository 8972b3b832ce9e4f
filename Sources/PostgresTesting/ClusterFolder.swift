import Foundation

/// The folder of one throwaway cluster, `<parent>/cluster-XXXXXX`: the data directory `data/`,
/// the server's Unix socket, its log `server.log` and what the set-up commands wrote, `commands.log`.
///
/// The test process that made it holds an exclusive `flock` on its `owner.lock` for as long as it
/// lives; the kernel drops the lock however the process ends. So a folder whose lock can be taken
/// was left by a process that died (killed, crashed) before it could clean up: `claim` stops that
/// cluster's server and removes the folder before making a new one. Sweeping and claiming happen
/// under `<parent>/sweep.lock`, so two test processes never take each other's clusters.
final class ClusterFolder: Sendable {
    /// The folder.
    let path: String
    // Held open, and locked, until the process exits.
    private let ownerLock: Int32

    private init(path: String, ownerLock: Int32) {
        self.path = path
        self.ownerLock = ownerLock
    }

    /// The data directory `initdb` creates.
    var dataDirectory: String { path + "/data" }
    /// The server log.
    var logFile: String { path + "/server.log" }
    /// What `initdb` and `pg_ctl` wrote.
    var commandLogFile: String { path + "/commands.log" }

    /// Where clusters of this system user live: `$TMPDIR/railbook-postgres-<uid>`, or under `/tmp`
    /// when that path would make the socket's path longer than a Unix socket allows.
    static var defaultParent: String {
        let name = "railbook-postgres-\(geteuid())"
        let temporary = NSTemporaryDirectory()
        return temporary.utf8.count + name.utf8.count < 60 ? temporary + name : "/tmp/" + name
    }

    /// Removes the clusters that dead processes left in `parent`, then makes a new folder there,
    /// owned by the server's system user.
    static func claim(in parent: String) throws -> ClusterFolder {
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        chmod(parent, 0o755)
        return try whileSweepLocked(parent) {
            removeAbandoned(in: parent)
            var template = Array("\(parent)/cluster-XXXXXX".utf8CString)
            guard let made = mkdtemp(&template) else {
                throw PostgresTestClusterError.setUpFailed("cannot make a folder in \(parent): errno \(errno)")
            }
            let path = String(cString: made)
            let lock = open(path + "/owner.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard lock >= 0, flock(lock, LOCK_EX | LOCK_NB) == 0 else {
                throw PostgresTestClusterError.setUpFailed("cannot lock \(path)/owner.lock: errno \(errno)")
            }
            try ClusterCommand.giveToServerUser(path)
            return ClusterFolder(path: path, ownerLock: lock)
        }
    }

    /// Stops the server and removes the folder; the lock goes with the process.
    func remove() {
        Self.stopServer(dataDirectory: dataDirectory)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Every `cluster-*` folder in `parent` whose owner is gone: its server stopped, the folder removed.
    static func removeAbandoned(in parent: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        for name in names where name.hasPrefix("cluster-") {
            let path = parent + "/" + name
            let lock = open(path + "/owner.lock", O_RDWR | O_CLOEXEC)
            defer { if lock >= 0 { close(lock) } }
            // No lock file: its owner died between making the folder and the lock.
            guard lock < 0 || flock(lock, LOCK_EX | LOCK_NB) == 0 else { continue }
            stopServer(dataDirectory: path + "/data")
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    private static func whileSweepLocked<T>(_ parent: String, _ body: () throws -> T) throws -> T {
        let lock = open(parent + "/sweep.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else {
            throw PostgresTestClusterError.setUpFailed("cannot open \(parent)/sweep.lock: errno \(errno)")
        }
        defer { close(lock) }
        flock(lock, LOCK_EX)
        return try body()
    }

    /// Sends the postmaster of `dataDirectory` an immediate shutdown (SIGQUIT) and waits until it
    /// has removed its `postmaster.pid`, at most 10 s, then kills it. The process is checked to
    /// work in that directory first, so a PID reused by another process is left alone.
    static func stopServer(dataDirectory: String) {
        let pidFile = dataDirectory + "/postmaster.pid"
        guard let contents = try? String(contentsOfFile: pidFile, encoding: .utf8),
            let pid = contents.split(separator: "\n").first.flatMap({ pid_t($0) }),
            isServer(pid, of: dataDirectory)
        else { return }
        kill(pid, SIGQUIT)
        for _ in 0..<200 {
            guard FileManager.default.fileExists(atPath: pidFile), isServer(pid, of: dataDirectory) else { return }
            usleep(50_000)
        }
        kill(pid, SIGKILL)
    }

    /// True when `pid` is alive (not a zombie) and its working directory is `dataDirectory`,
    /// where a postmaster always runs.
    private static func isServer(_ pid: pid_t, of dataDirectory: String) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let state = status.split(separator: ")").last?.split(separator: " ").first,
            state != "Z",
            let directory = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd")
        else { return false }
        return URL(fileURLWithPath: directory).standardizedFileURL.path
            == URL(fileURLWithPath: dataDirectory).resolvingSymlinksInPath().standardizedFileURL.path
    }
}
