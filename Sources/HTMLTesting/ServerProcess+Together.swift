import Dispatch
import Foundation
import Locking

extension ServerProcess {
    /// `count` servers on the database at `location`, all started at the same moment (as several
    /// servers behind a load balancer start), by start order; throws the first error one met.
    public static func startTogether(_ count: Int, on location: String, arguments: [String] = []) throws -> [ServerProcess] {
        let started = StartedServers()
        DispatchQueue.concurrentPerform(iterations: count) { index in
            started.put(Result { try ServerProcess(arguments: arguments, databaseLocation: location) }, at: index)
        }
        return try started.all(count)
    }
}

/// The servers started on several threads at once, by start order.
private final class StartedServers: Sendable {
    private let results = Locked<[Int: Result<ServerProcess, any Error>]>([:])

    func put(_ result: Result<ServerProcess, any Error>, at index: Int) {
        results.withLock { $0[index] = result }
    }

    /// The `count` servers, or the first error one of them met.
    func all(_ count: Int) throws -> [ServerProcess] {
        try results.withLock { results in try (0..<count).map { try results[$0]!.get() } }
    }
}
