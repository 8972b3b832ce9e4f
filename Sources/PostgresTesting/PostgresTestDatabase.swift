/// A schema or database of a `PostgresTestCluster`, for one test (or one test class): connect
/// with `uri`, `drop()` it afterwards.
public final class PostgresTestDatabase: Sendable {
    /// The libpq URI to connect to it.
    public let uri: String
    private let dropStatement: String
    private let cluster: PostgresTestCluster

    init(uri: String, drop dropStatement: String, cluster: PostgresTestCluster) {
        self.uri = uri
        self.dropStatement = dropStatement
        self.cluster = cluster
    }

    /// Drops the schema or database (a database with the connections still open on it). The
    /// whole cluster goes when the test process exits, so what a failed test left goes then.
    public func drop() throws {
        try cluster.runMaintenance(dropStatement)
    }
}
