import Glibc

/// Lines for whoever runs the server: failed requests and jobs, written to standard error at
/// once (not buffered, so they are not lost or late when the process stops).
enum ServerLog {
    /// Writes `line` and a newline to standard error.
    @Sendable static func write(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
