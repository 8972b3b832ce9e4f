import Glibc

/// Writes one line per request to standard output: method, path, status, bytes, microseconds.
enum AccessLog {
    /// Monotonic time in microseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec) / 1_000
    }

    /// Writes the line for one answered request in a single `write` call, so lines never interleave.
    static func record(method: String, path: String, status: Int, bytes: Int, since start: UInt64) {
        let elapsed = now() &- start
        var line = method
        line += " "
        line += path.utf8.contains(where: { $0 < 0x20 }) ? "(unprintable path)" : path
        line += " \(status) \(bytes) \(elapsed)µs\n"
        var utf8 = Array(line.utf8)
        _ = utf8.withUnsafeMutableBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
}
