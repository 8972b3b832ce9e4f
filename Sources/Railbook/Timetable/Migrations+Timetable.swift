import Storage

extension Migrations {
    /// Stations, trains with their stops, coaches and fares, runs and the seat inventory of each run.
    static func addTimetable(to migrator: inout Migrator) {
        migrator.register("2026-11-29-timetable") { db in
            try db.executeSchema(
                """
                CREATE TABLE stations (
                    id INTEGER PRIMARY KEY,
                    telecode CHAR(3) NOT NULL UNIQUE,
                    name VARCHAR(30) NOT NULL UNIQUE,
                    pinyin VARCHAR(60) NOT NULL,
                    initials VARCHAR(20) NOT NULL,
                    city VARCHAR(30) NOT NULL,
                    is_hot INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE trains (
                    id INTEGER PRIMARY KEY,
                    number VARCHAR(10) NOT NULL UNIQUE,
                    train_type CHAR(1) NOT NULL
                );
                CREATE TABLE stops (
                    train_id INTEGER NOT NULL REFERENCES trains (id) ON DELETE CASCADE,
                    sequence INTEGER NOT NULL,
                    station_id INTEGER NOT NULL REFERENCES stations (id),
                    arrival_minute INTEGER,
                    departure_minute INTEGER,
                    distance_km INTEGER NOT NULL,
                    PRIMARY KEY (train_id, sequence)
                );
                CREATE INDEX stops_by_station ON stops (station_id);
                CREATE TABLE coaches (
                    train_id INTEGER NOT NULL REFERENCES trains (id) ON DELETE CASCADE,
                    coach_number INTEGER NOT NULL,
                    seat_class VARCHAR(20) NOT NULL,
                    seat_count INTEGER NOT NULL,
                    PRIMARY KEY (train_id, coach_number)
                );
                CREATE TABLE fare_overrides (
                    train_id INTEGER NOT NULL REFERENCES trains (id) ON DELETE CASCADE,
                    from_sequence INTEGER NOT NULL,
                    to_sequence INTEGER NOT NULL,
                    seat_class VARCHAR(20) NOT NULL,
                    price_fen INTEGER NOT NULL,
                    PRIMARY KEY (train_id, from_sequence, to_sequence, seat_class)
                );
                CREATE TABLE runs (
                    id INTEGER PRIMARY KEY,
                    train_id INTEGER NOT NULL REFERENCES trains (id) ON DELETE CASCADE,
                    service_date CHAR(10) NOT NULL,
                    status VARCHAR(12) NOT NULL DEFAULT 'scheduled',
                    delay_minutes INTEGER NOT NULL DEFAULT 0,
                    UNIQUE (train_id, service_date)
                );
                CREATE INDEX runs_by_date ON runs (service_date);
                CREATE TABLE run_coaches (
                    run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                    coach_number INTEGER NOT NULL,
                    seat_class VARCHAR(20) NOT NULL,
                    seat_count INTEGER NOT NULL,
                    occupancy BLOB NOT NULL,
                    PRIMARY KEY (run_id, coach_number)
                );
                CREATE TABLE search_history (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    from_station_id INTEGER NOT NULL REFERENCES stations (id),
                    to_station_id INTEGER NOT NULL REFERENCES stations (id),
                    searched_at BIGINT NOT NULL
                );
                CREATE INDEX search_history_by_user ON search_history (user_id, searched_at);
                """)
        }
    }
}
