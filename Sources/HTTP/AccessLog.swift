import Glibc

/// Writes one line per answered request to standard output. In text: method, path, status,
/// bytes, microseconds and the request id. In JSON (`LogFormat.json`): time, request id, method,
/// route (as registered, never the raw path, which may carry what a log must not keep), status,
/// duration, bytes, client address and the user's id when one was logged in.
enum AccessLog {
    /// Monotonic time in microseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec) / 1_000
    }

    /// What one line tells of a request.
    struct Entry {
        let method: String
        let path: String
        let status: Int
        let bytes: Int
        let requestID: String
        let route: String?
        let client: String
        let userID: Int64?
    }

    /// Writes the line for one answered request in a single `write` call, so lines never interleave.
    static func record(_ entry: Entry, since start: UInt64) {
        let elapsed = now() &- start
        switch LogFormat.chosen {
        case .text:
            var line = entry.method
            line += " "
            line += entry.path.utf8.contains(where: { $0 < 0x20 }) ? "(unprintable path)" : entry.path
            line += " \(entry.status) \(entry.bytes) \(elapsed)µs id="
            line += entry.requestID
            line += "\n"
            LogWriter.write(Array(line.utf8), to: STDOUT_FILENO)
        case .json:
            var line = JSONLogLine(level: entry.status >= 500 ? "error" : "info")
            line.add("request_id", entry.requestID)
            line.add("method", entry.method)
            line.add("route", entry.route ?? Self.unnamedRoute(status: entry.status))
            line.add("status", entry.status)
            line.add("duration_ms", thousandths: elapsed)
            line.add("bytes", entry.bytes)
            line.add("client", entry.client)
            if let userID = entry.userID { line.add("user_id", userID) }
            LogWriter.write(line.utf8, to: STDOUT_FILENO)
        }
    }

    /// What the route of a request no route answered is called: a static file, or not found.
    static func unnamedRoute(status: Int) -> String {
        status == 404 ? "(not found)" : "(other)"
    }
}
