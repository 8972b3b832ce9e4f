import PostgreSQL
import PostgresTesting
import Storage
import XCTest

/// A test with a fresh schema of its own on the shared throwaway cluster and a connection to it,
/// both gone afterwards. Skips, saying why, only when the PostgreSQL server is not installed.
class PostgresTestCase: XCTestCase {
    /// This test's schema.
    private(set) var database: PostgresTestDatabase!
    /// A connection to it with the default options.
    private(set) var connection: PostgresConnection!

    override func setUpWithError() throws {
        try super.setUpWithError()
        let cluster: PostgresTestCluster
        do {
            cluster = try PostgresTestCluster.shared()
        } catch PostgresTestClusterError.notInstalled(let message) {
            throw XCTSkip(message)
        }
        database = try cluster.makeSchema()
        connection = try connect()
    }

    override func tearDownWithError() throws {
        connection = nil
        try database?.drop()
        database = nil
        try super.tearDownWithError()
    }

    /// A new connection to this test's database.
    func connect(_ options: PostgresOptions = PostgresOptions()) throws -> PostgresConnection {
        try PostgresConnection(uri: database.uri, options: options)
    }

    /// A pool on this test's database.
    func makePool(size: Int = 4, checkoutTimeout: Double = 5) throws -> PostgresPool {
        try PostgresPool(uri: database.uri, size: size, checkoutTimeout: checkoutTimeout)
    }
}

extension Database {
    /// The PostgreSQL connection behind a pool's `Database`, for what only PostgreSQL has.
    var postgres: PostgresConnection { self as! PostgresConnection }
}
