import Foundation
import HTMLTesting
import Storage

@testable import Railbook

/// Another server on a test application's database, as claims on work see it. On PostgreSQL it
/// runs while its session is open (`ServerInstance.presencePrefix` and its id, as a running
/// `railbook serve` keeps one); SQLite serves one process, so no other server runs there and a
/// holder other than this process is always gone.
final class OtherServer {
    /// What it writes as the holder of leases and claims.
    let id = "1-other"
    private var session: (any HeldSession)?
    private let database: DatabasePool

    /// Starts it on `application`'s database.
    init(on application: Application) throws {
        database = application.database
        session = try DatabaseLocation(application.configuration.databaseLocation)
            .keepSession(named: ServerInstance.presencePrefix + id)
    }

    deinit { session?.stop() }

    /// Whether it is running now (never on SQLite).
    var isRunning: Bool { session != nil }

    /// Ends it, as a kill would, and waits until the database no longer shows its session.
    func die() throws {
        session?.stop()
        session = nil
        guard database.dialect == .postgresql else { return }
        let deadline = Date(timeIntervalSinceNow: 10)
        while try database.read({
            try $0.queryOne(
                "SELECT 1 AS n FROM pg_stat_activity WHERE application_name = ?",
                [ServerInstance.presencePrefix + id])
        }) != nil, Date() < deadline {
            usleep(10_000)
        }
    }
}
