import Foundation

/// Threads started together, one per index, all running at once (`DispatchQueue.concurrentPerform`
/// runs only as many as there are cores); `join` waits for every one and returns their results
/// in index order.
final class ThreadGroup<Result>: @unchecked Sendable {
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var results: [Int: Result] = [:]

    /// Starts `count` threads running `body` with their index.
    init(_ count: Int, _ body: @escaping @Sendable (Int) -> Result) {
        for index in 0..<count {
            group.enter()
            Thread { [self] in
                let result = body(index)
                lock.withLock { results[index] = result }
                group.leave()
            }.start()
        }
    }

    /// Waits for every thread to finish; returns what each returned, by index.
    func join() -> [Result] {
        group.wait()
        return lock.withLock { results.sorted { $0.key < $1.key }.map(\.value) }
    }
}
