import Foundation
import HTTP
import Locking
import Storage
import Synchronization

/// What a process supervisor and a load balancer ask, answered before any middleware (no session,
/// no cookie, no page): `GET /live`, 200 while the process answers at all (it reads nothing), and
/// `GET /ready`, 200 when this server should be sent traffic: its database answered a read within
/// `deadline` seconds, every migration it knows is applied, and it is not draining (stopping
/// gracefully, when it answers 503 so that the balancer stops sending before the server stops).
final class Probes: Sendable {
    static let livePath = "/live"
    static let readyPath = "/ready"

    private let database: DatabasePool
    private let migrations: Migrator
    /// Seconds the database has to answer.
    private let deadline: Double
    private let draining = Atomic<Bool>(false)
    /// The check running now, when one is: a database that hangs holds one thread, not one per ask.
    private let running = Locked<Check?>(nil)

    init(database: DatabasePool, migrations: Migrator, deadline: Double = 2) {
        self.database = database
        self.migrations = migrations
        self.deadline = deadline
    }

    /// From now on `/ready` answers 503: the server is about to stop.
    func beginDraining() {
        draining.store(true, ordering: .relaxed)
    }

    var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// The answer to `request` when it asks a probe, else nil.
    func answer(_ request: Request) -> Response? {
        guard request.method == .get || request.method == .head else { return nil }
        switch request.path {
        case Self.livePath: return Self.response("ok\n", route: Self.livePath)
        case Self.readyPath:
            if let problem = readinessProblem() {
                return Self.response(problem + "\n", status: .serviceUnavailable, route: Self.readyPath)
            }
            return Self.response("ready\n", route: Self.readyPath)
        default: return nil
        }
    }

    /// Why this server should not be sent traffic now, or nil.
    func readinessProblem() -> String? {
        if isDraining { return "draining: the server is stopping" }
        let check = running.withLock { running in
            if let check = running { return check }
            let check = Check()
            running = check
            return check
        }
        check.startOnce { [database, migrations, running] in
            defer { running.withLock { if $0 === check { $0 = nil } } }
            do {
                let applied = try database.read { try migrations.appliedIdentifiers($0) }
                let pending = migrations.identifiers.filter { !applied.contains($0) }
                return pending.isEmpty ? nil : "migrations pending: \(pending.count) not applied"
            } catch {
                ServerLog.write("error: readiness check: \(error)")
                return "database unreachable"
            }
        }
        switch check.outcome(within: deadline) {
        case .some(let problem): return problem
        case .none: return "database did not answer within \(Int(deadline)) s"
        }
    }

    private static func response(_ text: String, status: Status = .ok, route: String) -> Response {
        var response = Response.text(text, status: status)
        response.headers.set("Cache-Control", "no-store")
        response.route = route
        return response
    }

    /// One database check on a thread of its own, which any number of asks wait for.
    private final class Check: Sendable {
        private struct State {
            var isStarted = false
            var outcome: String??
        }

        private let state = Locked(State())
        private let done = DispatchSemaphore(value: 0)

        /// Runs `work` on a new thread, unless it was started already.
        func startOnce(_ work: @escaping @Sendable () -> String?) {
            let starts = state.withLock { state in
                defer { state.isStarted = true }
                return !state.isStarted
            }
            guard starts else { return }
            Thread.detachNewThread { [self] in
                let result = work()
                state.withLock { $0.outcome = .some(result) }
                done.signal()
            }
        }

        /// The problem the check found (nil inside for none), or nil when it did not finish within `seconds`.
        func outcome(within seconds: Double) -> String?? {
            if let outcome = state.withLock({ $0.outcome }) { return outcome }
            guard done.wait(timeout: .now() + seconds) == .success else { return nil }
            done.signal() // for the next one waiting
            return state.withLock { $0.outcome }
        }
    }
}
