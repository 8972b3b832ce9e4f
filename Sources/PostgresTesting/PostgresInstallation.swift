import Foundation

/// Debian's PostgreSQL server programs (`/usr/lib/postgresql/<version>/bin`), newest version first.
struct PostgresInstallation: Sendable {
    /// The folder holding `initdb`, `pg_ctl` and `postgres`.
    let binaryDirectory: String
    /// The major version, e.g. 15.
    let majorVersion: Int

    /// Where Debian installs each major version of the server.
    static let root = "/usr/lib/postgresql"

    /// The newest installed version, or nil when the `postgresql` package is not installed.
    static func newest() -> PostgresInstallation? {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.compactMap(Int.init).sorted(by: >).lazy
            .map { PostgresInstallation(binaryDirectory: "\(root)/\($0)/bin", majorVersion: $0) }
            .first { FileManager.default.isExecutableFile(atPath: $0.program("initdb")) }
    }

    /// The path of one server program.
    func program(_ name: String) -> String {
        binaryDirectory + "/" + name
    }
}
