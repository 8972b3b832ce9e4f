import Storage

extension Migrations {
    /// What ticket types need to know about a saved passenger: a birth date for documents that do
    /// not carry one, and student details (school, enrolment year, home and school cities).
    static func addPassengerDetails(to migrator: inout Migrator) {
        migrator.register("2026-12-02-passenger-details") { db in
            try db.executeSchema(
                """
                ALTER TABLE passengers ADD COLUMN birth_date VARCHAR(10);
                ALTER TABLE passengers ADD COLUMN school VARCHAR(50) NOT NULL DEFAULT '';
                ALTER TABLE passengers ADD COLUMN enrolment_year INTEGER;
                ALTER TABLE passengers ADD COLUMN home_city VARCHAR(30) NOT NULL DEFAULT '';
                ALTER TABLE passengers ADD COLUMN school_city VARCHAR(30) NOT NULL DEFAULT '';
                """)
        }
    }
}
