import HTMLTesting
import Storage

@testable import Railbook

/// The database's storage running out under a test application, as the application sees it. On
/// SQLite the writer may not grow the file past the pages it has (`max_page_count`): a write that
/// needs another page fails with `SQLITE_FULL`, as when the disk is full. On PostgreSQL, whose
/// server runs elsewhere, every write to the booking tables fails with SQLSTATE 53100
/// (`disk_full`), as when the server cannot extend a file.
enum FullDisk {
    /// The booking tables that fail on PostgreSQL.
    private static let tables = ["orders", "tickets", "run_coaches", "payments"]

    static func fill(_ application: Application) throws {
        switch application.database.dialect {
        case .sqlite:
            try application.database.writeWithoutTransaction { db in
                let pages = try db.queryOne("PRAGMA page_count")?.int(0) ?? 0
                _ = try db.query("PRAGMA max_page_count = \(pages)")
            }
        case .postgresql:
            try application.database.write { db in
                try db.execute(
                    """
                    CREATE FUNCTION railbook_test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$
                    """)
                for table in tables {
                    try db.execute(
                        """
                        CREATE TRIGGER disk_full_\(table) BEFORE INSERT OR UPDATE ON \(table)
                        FOR EACH ROW EXECUTE FUNCTION railbook_test_disk_full()
                        """)
                }
            }
        }
    }

    static func free(_ application: Application) throws {
        switch application.database.dialect {
        case .sqlite:
            try application.database.writeWithoutTransaction { _ = try $0.query("PRAGMA max_page_count = 1073741823") }
        case .postgresql:
            try application.database.write { db in
                for table in tables { try db.execute("DROP TRIGGER disk_full_\(table) ON \(table)") }
                try db.execute("DROP FUNCTION railbook_test_disk_full()")
            }
        }
    }
}
