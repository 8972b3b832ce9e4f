import Storage

extension Migrations {
    /// The trains, dates and classes one waitlist covers, ranked (`WaitlistChoice`); a waitlist
    /// made before has its one trip as its only choice.
    static func addWaitlistChoices(to migrator: inout Migrator) {
        migrator.register("2026-12-11-waitlist-choices") { db in
            try db.executeSchema(
                """
                CREATE TABLE waitlist_choices (
                    id INTEGER PRIMARY KEY,
                    waitlist_id INTEGER NOT NULL REFERENCES waitlists (id),
                    choice_rank INTEGER NOT NULL,
                    run_id INTEGER NOT NULL REFERENCES runs (id),
                    from_sequence INTEGER NOT NULL,
                    to_sequence INTEGER NOT NULL,
                    seat_class VARCHAR(20) NOT NULL,
                    departs_at BIGINT NOT NULL,
                    arrives_at BIGINT NOT NULL,
                    deadline BIGINT NOT NULL,
                    UNIQUE (waitlist_id, choice_rank)
                );
                CREATE INDEX waitlist_choices_by_queue ON waitlist_choices (run_id, seat_class);
                INSERT INTO waitlist_choices (waitlist_id, choice_rank, run_id, from_sequence, to_sequence, seat_class, departs_at,
                                              arrives_at, deadline)
                SELECT id, 1, run_id, from_sequence, to_sequence, seat_class, departs_at, arrives_at, deadline FROM waitlists
                """)
        }
    }
}
