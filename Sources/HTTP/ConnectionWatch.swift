import Foundation
import Glibc
import Locking
import Synchronization

/// Closes connections that take too long to send a request head. libmicrohttpd only closes a
/// connection after a time of silence, so a client sending one header line every few seconds could
/// hold a connection for ever; this watch remembers, for every open connection, since when it has
/// been waiting for a head, and shuts down the socket of one that waited past the deadline (the
/// library then sees the connection end and closes it).
final class ConnectionWatch: Sendable {
    private struct Entry {
        let socket: Int32
        /// The peer as accepted, checked again before a shutdown so a reused descriptor is never touched.
        let peer: PeerAddress
        /// Monotonic microseconds since when a head is awaited; nil while a request is being handled.
        var awaitingHeadSince: UInt64?
    }

    /// Every open connection, and how many are open from each IPv4 address.
    private struct Table {
        var entries: [UInt: Entry] = [:]
        var byAddress: [UInt32: Int] = [:]
    }

    private let deadlineMicroseconds: UInt64
    /// Taken twice per request, so a plain mutex (`Locked`), never a convoy.
    private let table = Locked(Table())
    private let state = Locked(WatchState.idle)

    private enum WatchState { case idle, running, stopping, ended }

    /// Connections shut down because their head did not arrive in time.
    let headsOverdue = Atomic<Int>(0)
    /// Connections closed at once because their address had its limit of connections open.
    let refusedAtAddressLimit = Atomic<Int>(0)

    /// A watch that allows `headTimeout` seconds for a head.
    init(headTimeout: Int) {
        deadlineMicroseconds = UInt64(max(1, headTimeout)) * 1_000_000
    }

    /// A connection was accepted: it now waits for its first head.
    func opened(_ connection: OpaquePointer, socket: Int32) {
        let entry = Entry(socket: socket, peer: PeerAddress(ofSocket: socket), awaitingHeadSince: AccessLog.now())
        table.withLock { table in
            table.entries[UInt(bitPattern: connection)] = entry
            if entry.peer.port != 0 { table.byAddress[entry.peer.address, default: 0] += 1 }
        }
    }

    /// A request head arrived on the connection.
    func headArrived(_ connection: OpaquePointer) {
        table.withLock { $0.entries[UInt(bitPattern: connection)]?.awaitingHeadSince = nil }
    }

    /// A request ended: the connection (kept alive) waits for the next head.
    func requestEnded(_ connection: OpaquePointer) {
        table.withLock { $0.entries[UInt(bitPattern: connection)]?.awaitingHeadSince = AccessLog.now() }
    }

    /// The connection is being closed (called before its socket is).
    func closed(_ connection: OpaquePointer) {
        table.withLock { table in
            guard let entry = table.entries.removeValue(forKey: UInt(bitPattern: connection)), entry.peer.port != 0 else { return }
            let left = (table.byAddress[entry.peer.address] ?? 1) - 1
            table.byAddress[entry.peer.address] = left > 0 ? left : nil
        }
    }

    /// How many connections are open now.
    var openConnections: Int { table.withLock { $0.entries.count } }

    /// Whether a new connection from IPv4 address `address` (network order) is within `limit`
    /// connections from it; one that is not is counted as refused (libmicrohttpd, which keeps the
    /// limit itself, would close it without saying so).
    func admits(address: UInt32, limit: Int) -> Bool {
        let open = table.withLock { $0.byAddress[address] ?? 0 }
        guard open >= limit else { return true }
        refusedAtAddressLimit.wrappingAdd(1, ordering: .relaxed)
        return false
    }

    /// Starts checking twice a second.
    func start() {
        state.withLock { $0 = .running }
        let thread = Thread { [self] in loop() }
        thread.name = "railbook-connection-watch"
        thread.start()
    }

    /// Stops checking and waits for the checking thread to end.
    func stop() {
        let wasRunning = state.withLock { state in
            guard state == .running else { return false }
            state = .stopping
            return true
        }
        guard wasRunning else { return }
        state.broadcast()
        state.withLock(waitingUntil: { $0 == .ended }) { _ in }
    }

    private func loop() {
        while state.withLock({ $0 }) == .running {
            closeOverdue(now: AccessLog.now())
            state.withLock(waitingUntil: { $0 != .running }, timeout: 0.5) { _ in }
        }
        state.withLock { $0 = .ended }
        state.broadcast()
    }

    /// Shuts down every connection that has waited for a head longer than the deadline. Runs under the
    /// table's lock, so a connection cannot be closed (and its descriptor reused) meanwhile.
    func closeOverdue(now: UInt64) {
        table.withLock { table in
            for (key, entry) in table.entries {
                guard let since = entry.awaitingHeadSince, now &- since > deadlineMicroseconds else { continue }
                if entry.peer.port != 0, PeerAddress(ofSocket: entry.socket) == entry.peer {
                    shutdown(entry.socket, Int32(SHUT_RDWR))
                    headsOverdue.wrappingAdd(1, ordering: .relaxed)
                }
                table.entries[key]?.awaitingHeadSince = nil
            }
        }
    }
}

/// The remote IPv4 address and port of a connected socket.
struct PeerAddress: Equatable, Sendable {
    let address: UInt32
    let port: UInt16

    init(ofSocket socket: Int32) {
        var peer = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &peer) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(socket, $0, &length) }
        }
        address = result == 0 ? peer.sin_addr.s_addr : 0
        port = result == 0 ? peer.sin_port : 0
    }
}
