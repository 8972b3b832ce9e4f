import Glibc
import HTTP

/// Lines for whoever runs the server: failed requests and jobs, written to standard error at
/// once (not buffered, so they are not lost or late when the process stops). A line written while
/// a request is answered carries its id (`RequestID`); in JSON (`--log-format json`) each line is
/// an object with its time, level, request id and message.
enum ServerLog {
    /// The id of the request being answered on this thread, bound around each request.
    @TaskLocal static var requestID: String?

    /// Writes `line`: "error: …" and "busy: …" are errors and warnings, anything else information.
    @Sendable static func write(_ line: String) {
        write(line, requestID: requestID)
    }

    /// Writes `line` for the request `requestID` (nil: none).
    static func write(_ line: String, requestID: String?) {
        switch LogFormat.chosen {
        case .text:
            LogWriter.write(Array((line + (requestID.map { " [request \($0)]" } ?? "") + "\n").utf8), to: STDERR_FILENO)
        case .json:
            let (level, message) = levelAndMessage(line)
            var json = JSONLogLine(level: level)
            if let requestID { json.add("request_id", requestID) }
            json.add("message", message)
            LogWriter.write(json.utf8, to: STDERR_FILENO)
        }
    }

    /// The level a line's first word names, and the rest of it.
    private static func levelAndMessage(_ line: String) -> (String, String) {
        for (prefix, level) in [("error: ", "error"), ("busy: ", "warning"), ("warning: ", "warning")] where line.hasPrefix(prefix) {
            return (level, String(line.dropFirst(prefix.count)))
        }
        return ("info", line)
    }
}
