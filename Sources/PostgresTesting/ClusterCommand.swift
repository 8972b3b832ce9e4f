import Foundation

/// Runs a PostgreSQL server program to its end, as the `postgres` system user when the tests run
/// as root (the server refuses to run as root), collecting what it writes.
enum ClusterCommand {
    /// The system user that owns clusters when the tests run as root.
    static let serverUser = "postgres"

    /// True when the tests run as root and the server must run as `serverUser`.
    static var runsAsServerUser: Bool { geteuid() == 0 }

    /// Runs `program` with `arguments`, appending what it writes to `logFile`, and waits for it;
    /// throws `.setUpFailed` with that output unless it exits 0.
    ///
    /// It is spawned directly, with every descriptor above standard error closed, because the
    /// server `pg_ctl` leaves running inherits what the command had: Foundation's `Process` would
    /// wait for a pipe or its own exit-watching descriptor that the server then holds for ever.
    static func run(_ program: String, _ arguments: [String], logFile: String) throws {
        let command = runsAsServerUser ? ["/usr/sbin/runuser", "-u", serverUser, "--", program] + arguments : [program] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logFile, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        _ = closeFrom?(&actions, 3)
        let arguments = command.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, arguments, environ)
        guard spawned == 0 else {
            throw PostgresTestClusterError.setUpFailed("cannot start \(command[0]): errno \(spawned)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED and WEXITSTATUS are macros Swift cannot import.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            let output = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
            let line = command.joined(separator: " ")
            throw PostgresTestClusterError.setUpFailed("\(line) failed (wait status \(status)):\n\(output)")
        }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift's Glibc module
    /// does not declare; nil on an older C library, where the server may inherit descriptors.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self)
    }()

    /// Hands `path` to `serverUser` when running as root, so the server may write there.
    static func giveToServerUser(_ path: String) throws {
        guard runsAsServerUser else { return }
        guard let user = getpwnam(serverUser) else {
            throw PostgresTestClusterError.setUpFailed("there is no \(serverUser) system user to run the server as")
        }
        guard chown(path, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
            throw PostgresTestClusterError.setUpFailed("cannot give \(path) to \(serverUser): errno \(errno)")
        }
    }
}
