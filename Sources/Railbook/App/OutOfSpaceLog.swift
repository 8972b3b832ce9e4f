import Locking
import Storage

/// Tells whoever runs the server that the database has run out of space once a minute, not once
/// per refused request or job turn: the first failure of a minute is written with its error and
/// how many writes were refused since the last such line; the others are only counted.
final class OutOfSpaceLog: Sendable {
    /// The server's own, shared by its requests, jobs and reactions.
    static let shared = OutOfSpaceLog()

    /// The least time between two lines.
    static let intervalMilliseconds = 60_000

    private struct State {
        var lastWrittenAt: Int?
        var refused = 0
    }

    private let state = Locked(State())

    /// Whether `error` is a database's "no space left".
    static func isOutOfSpace(_ error: any Error) -> Bool {
        (error as? any DatabaseError)?.isOutOfSpace == true
    }

    /// Counts a write refused for lack of space while doing `what` (a request, a job), and writes
    /// a line to `write` when none was written in the last minute (monotonic milliseconds `now`).
    func note(
        _ error: any Error, while what: String, now: Int = ChinaTime.monotonicMilliseconds(),
        write: (String) -> Void = ServerLog.write
    ) {
        let refused: Int? = state.withLock { state in
            state.refused += 1
            if let last = state.lastWrittenAt, now - last < Self.intervalMilliseconds { return nil }
            defer {
                state.lastWrittenAt = now
                state.refused = 0
            }
            return state.refused
        }
        guard let refused else { return }
        write(
            "error: the database is out of space; writes are paused until there is room "
                + "(\(refused) refused since the last line, the latest \(what)): \(error)")
    }
}

extension ServerLog {
    /// Writes `error: <what>: <error>`, or, when the database is out of space, counts it towards
    /// the line `OutOfSpaceLog` writes once a minute.
    static func failure(_ what: String, _ error: any Error) {
        if OutOfSpaceLog.isOutOfSpace(error) {
            OutOfSpaceLog.shared.note(error, while: what)
        } else {
            write("error: \(what): \(error)")
        }
    }
}
