import Foundation
import PostgreSQL
import Storage
import XCTest

@testable import PostgresTesting

final class PostgresTestClusterTests: PostgresTestCase {
    func testTheClusterListensOnItsOwnSocketOnlyWithDurabilityOff() throws {
        let cluster = try PostgresTestCluster.shared()
        let settings = try connection.queryOne(
            """
            SELECT current_setting('listen_addresses') AS addresses, current_setting('unix_socket_directories') AS sockets,
                   current_setting('fsync') AS fsync, current_setting('search_path') AS path
            """)
        XCTAssertEqual(try settings?.string("addresses"), "")
        XCTAssertEqual(try settings?.string("sockets"), cluster.directory)
        XCTAssertEqual(try settings?.string("fsync"), "off")
        XCTAssertTrue(try settings?.string("path").hasPrefix("test_") == true, "each test has a schema of its own")
        let owner = try FileManager.default.attributesOfItem(atPath: cluster.directory + "/data")[.ownerAccountName] as? String
        XCTAssertEqual(owner, geteuid() == 0 ? "postgres" : NSUserName(), "the server never runs as root")
    }

    func testEachTestSchemaIsEmptyAndGoesAwayWhenDropped() throws {
        let schema = try PostgresTestCluster.shared().makeSchema()
        let name = String(schema.uri.split(separator: "%3D").last ?? "")
        let schemaCount = "SELECT COUNT(*) FROM pg_namespace WHERE nspname = ?"
        XCTAssertEqual(try connection.queryOne(schemaCount, [SQLValue.text(name)])?.int(0), 1)
        let other = try PostgresConnection(uri: schema.uri)
        XCTAssertEqual(try other.queryOne("SELECT COUNT(*) FROM pg_tables WHERE schemaname = current_schema()")?.int(0), 0)
        try other.execute("CREATE TABLE seats (number TEXT)")
        XCTAssertThrowsError(try connection.query("SELECT * FROM seats"), "this test's schema does not see it")
        other.close()
        try schema.drop()
        XCTAssertEqual(try connection.queryOne(schemaCount, [SQLValue.text(name)])?.int(0), 0)
    }

    func testADatabaseCopiedFromATemplateHoldsItsSchema() throws {
        let cluster = try PostgresTestCluster.shared()
        let template = try cluster.makeDatabase()
        let setUp = try PostgresConnection(uri: template.uri)
        try setUp.execute("CREATE TABLE stations (code TEXT PRIMARY KEY); INSERT INTO stations VALUES ('BJP')")
        setUp.close()
        let templateName = String(template.uri.split(separator: "?").first?.split(separator: "/").last ?? "")
        let copy = try cluster.makeDatabase(template: templateName)
        XCTAssertEqual(try PostgresConnection(uri: copy.uri).queryOne("SELECT code FROM stations")?.string(0), "BJP")
        try copy.drop()
        try template.drop()
    }
}
